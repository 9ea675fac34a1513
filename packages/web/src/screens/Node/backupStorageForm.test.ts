import { describe, expect, it } from 'vitest';
import { checkStorageForm, storageFormOf } from './backupStorageForm';

const saved = { type: 's3' as const, endpoint: 'http://127.0.0.1:9000', region: 'eu-west-1', bucket: 'outpost', prefix: 'node1/', accessKeyId: 'AKIA1', secretAccessKey: '', forcePathStyle: true, isSet: true };

describe('the backup storage form', () => {
  it('sends local storage as its type alone, whatever S3 fields were typed', () => {
    expect(checkStorageForm({ ...storageFormOf(saved), type: 'local' })).toEqual({ storage: { type: 'local' }, problems: {} });
  });

  it('keeps the saved secret when the field is left empty, and sends a new one when typed', () => {
    const form = storageFormOf(saved);
    expect(form.secretAccessKey).toBe('');
    expect(checkStorageForm(form).problems).toEqual({});
    expect(checkStorageForm(form).storage).toEqual({ type: 's3', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-1', bucket: 'outpost', prefix: 'node1/', accessKeyId: 'AKIA1', forcePathStyle: true });
    expect(checkStorageForm({ ...form, secretAccessKey: 'new secret' }).storage).toMatchObject({ secretAccessKey: 'new secret' });
  });

  it('asks for an http(s) endpoint, a bucket, a key id, and its secret when none is saved', () => {
    const fresh = { ...storageFormOf({ type: 'local' }), type: 's3' as const };
    expect(checkStorageForm(fresh)).toEqual({ problems: { endpoint: 'required', bucket: 'required', accessKeyId: 'required', secretAccessKey: 'required' } });
    expect(checkStorageForm({ ...fresh, endpoint: 's3.example.com' }).problems.endpoint).toBe('url');
    expect(checkStorageForm({ ...fresh, endpoint: 'https://s3.example.com', bucket: 'b', accessKeyId: 'AKIA2', secretAccessKey: 's' }).problems).toEqual({});
  });
});
