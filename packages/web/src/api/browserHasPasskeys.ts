/** Whether this browser can use passkeys at all (WebAuthn needs a secure context: https or localhost). */
export const browserHasPasskeys = () => typeof window !== 'undefined' && window.isSecureContext && typeof window.PublicKeyCredential === 'function';
