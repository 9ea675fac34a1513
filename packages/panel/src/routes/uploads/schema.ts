import { NoContent, ServerParams, UploadParams, responses } from '@outpost/shared';

// tus 1.0.0 (core, creation, termination): the headers carry the protocol, so the bodies are empty.
const tags = ['uploads'];

export const createUploadSchema = {
  summary: 'Start a resumable upload (tus creation): Upload-Length, and Upload-Metadata naming the target `path` (base64); answers its Location',
  tags,
  params: ServerParams,
  response: responses({ 201: NoContent }),
};
export const uploadOffsetSchema = {
  summary: 'Where a resumable upload stands (tus HEAD): Upload-Offset and Upload-Length',
  tags,
  params: UploadParams,
  response: responses({ 200: NoContent }),
};
export const appendUploadSchema = {
  summary: 'Append to a resumable upload (tus PATCH, application/offset+octet-stream from Upload-Offset); the file appears at its path with the last byte',
  tags,
  params: UploadParams,
  response: responses({ 204: NoContent }),
};
export const deleteUploadSchema = {
  summary: 'Give up a resumable upload (tus termination): the bytes received go',
  tags,
  params: UploadParams,
  response: responses({ 204: NoContent }),
};
