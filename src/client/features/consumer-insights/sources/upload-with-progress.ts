import { commonHeaders, errorMessageFrom } from '../../../lib/api.ts';

/**
 * POSTs a multipart form and reports upload progress (fetch cannot), with the API client's rules:
 * cookies sent, and any non-OK reply an Error whose message is `${status}: ${server message}`.
 */
export function uploadWithProgress<T>(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(commonHeaders())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const response = new Response(request.responseText, { status: request.status, statusText: request.statusText });
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve((request.responseText ? JSON.parse(request.responseText) : undefined) as T);
        return;
      }
      errorMessageFrom(response).then((message) => reject(new Error(`${request.status}: ${message}`)));
    };
    request.onerror = () => reject(new Error('The upload failed: check your connection and try again'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
