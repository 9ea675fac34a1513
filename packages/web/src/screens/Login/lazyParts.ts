// The sign-in page's parts that come after the form or on demand. Their loaders live here, fetched
// once the form is drawn: Vite writes beside each loader the list of chunks its part needs (the
// two-factor dialog's alone names twenty), and these lists stay out of the page's first load (issue 36).
export const loginParts = {
  otpModal: () => import('../../components/OtpModal').then((module) => ({ default: module.OtpModal })),
  passkeySignInButton: () => import('./PasskeySignInButton').then((module) => ({ default: module.PasskeySignInButton })),
  singleSignOn: () => import('./SingleSignOn').then((module) => ({ default: module.SingleSignOn })),
  loginError: () => import('./LoginError'),
  notify: () => import('../../components/notify'),
};
