import { ArtifactResponseSchema, type Artifact } from '@cadran/domain/release-api';
import { translateMessage } from '@cadran/domain/messages';
import { getAuthToken } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { ADMIN_API } from '../../api/admin-api';

/**
 * Uploads one file of a release with its progress (fetch reports none for a request body):
 * multipart, field `file`, with the header that tells the server's CSRF guard the request
 * comes from our own pages. Resolves the artifact, or rejects with the server's message.
 */
export function uploadArtifact(
  releaseId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<Artifact> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${ADMIN_API}/releases/${encodeURIComponent(releaseId)}/artifacts`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', currentLanguage());
    request.setRequestHeader('x-cadran-upload', '1');
    const token = getAuthToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () =>
      reject(new Error(translateMessage('error.internal', currentLanguage())));
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText) as unknown;
      } catch {
        body = undefined;
      }
      const parsed = ArtifactResponseSchema.safeParse(body);
      if (request.status === 201 && parsed.success) {
        resolve(parsed.data.artifact);
        return;
      }
      const message =
        typeof body === 'object' && body !== null && 'message' in body
          ? String(body.message)
          : translateMessage('error.internal', currentLanguage());
      reject(new Error(message));
    };
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
