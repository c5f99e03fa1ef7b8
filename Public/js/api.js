// The studio's HTTP API (see DESIGN.md). Errors carry the server's `{error}` text.

export class APIError extends Error {
  constructor(message, status = 0) { super(message); this.status = status; }
}

async function errorFrom(response) {
  let message = `${response.status} ${response.statusText}`.trim();
  try {
    const body = await response.json();
    if (body && body.error) message = body.error;
  } catch { /* not JSON */ }
  return new APIError(message, response.status);
}

export async function getJSON(path) {
  let response;
  try { response = await fetch(path, { headers: { Accept: 'application/json' } }); }
  catch { throw new APIError('The studio server could not be reached.'); }
  if (!response.ok) throw await errorFrom(response);
  return response.json();
}

export const listVoices = () => getJSON('/api/voices');
export const getRecording = (id) => getJSON(`/api/recordings/${encodeURIComponent(id)}`);

/**
 * Uploads a WAV blob with progress. Resolves to the created recording.
 * @param {Blob} wav
 * @param {string} title
 * @param {(fraction: number) => void} onProgress 0…1 of the body sent
 */
export function uploadRecording(wav, title, onProgress) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/recordings?title=${encodeURIComponent(title)}`);
    xhr.setRequestHeader('Content-Type', 'audio/wav');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress(e.loaded / e.total); };
    xhr.onload = () => {
      let body = null;
      try { body = JSON.parse(xhr.responseText); } catch { /* not JSON */ }
      if (xhr.status >= 200 && xhr.status < 300 && body && body.id) { onProgress(1); resolve(body); return; }
      let message = (body && body.error) || `The server answered ${xhr.status || 'nothing'}.`;
      if (xhr.status === 413) message = `This recording is too large to save (${(wav.size / 1e6).toFixed(1)} MB). ${body && body.error ? body.error : ''}`.trim();
      reject(new APIError(message, xhr.status));
    };
    xhr.onerror = () => reject(new APIError('The connection to the studio server failed.'));
    xhr.ontimeout = () => reject(new APIError('The upload timed out.'));
    xhr.send(wav);
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Fetches a recording's audio (the original, or rendered with `voice`). Retries while the server
 * is busy (202, 409, 429, 502, 503, 504) or the network blips, up to about two minutes; any other
 * error (a 4xx, or a 500: the render itself failed) is final at once.
 */
export async function fetchAudio(id, voice, { signal } = {}) {
  const url = `/api/recordings/${encodeURIComponent(id)}/audio${voice ? `?voice=${encodeURIComponent(voice)}` : ''}`;
  let delay = 250;
  for (let attempt = 0; ; attempt++) {
    let response = null;
    try { response = await fetch(url, { signal }); }
    catch (e) { if (signal && signal.aborted) throw e; }
    if (response && response.ok && response.status !== 202) return response.arrayBuffer();
    const retryable = [202, 409, 429, 502, 503, 504];
    if (response && !retryable.includes(response.status)) throw await errorFrom(response);
    if (attempt > 60) throw response ? await errorFrom(response) : new APIError('The studio server could not be reached.');
    const retryAfter = response && Number(response.headers.get('Retry-After'));
    await sleep(retryAfter ? retryAfter * 1000 : delay);
    delay = Math.min(delay * 1.5, 2000);
  }
}
