// WAV encoding in the browser: mono or multichannel Float32 → 16-bit PCM RIFF/WAVE.

/**
 * Encodes channels of equal length as a 16-bit PCM WAV file.
 * @param {Float32Array[]} channels one array per channel, samples in [-1, 1]
 * @param {number} sampleRate frames per second
 * @returns {Blob} audio/wav
 */
export function encodeWAV16(channels, sampleRate) {
  const channelCount = channels.length;
  const frameCount = channelCount ? channels[0].length : 0;
  const bytesPerFrame = channelCount * 2;
  const dataBytes = frameCount * bytesPerFrame;
  const buffer = new ArrayBuffer(44 + dataBytes);
  const view = new DataView(buffer);
  const ascii = (offset, text) => { for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i)); };
  ascii(0, 'RIFF'); view.setUint32(4, 36 + dataBytes, true); ascii(8, 'WAVE');
  ascii(12, 'fmt '); view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);                        // PCM
  view.setUint16(22, channelCount, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * bytesPerFrame, true);
  view.setUint16(32, bytesPerFrame, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data'); view.setUint32(40, dataBytes, true);
  const out = new Int16Array(buffer, 44, frameCount * channelCount);
  for (let c = 0; c < channelCount; c++) {
    const src = channels[c];
    for (let i = 0, j = c; i < frameCount; i++, j += channelCount) {
      const s = Math.max(-1, Math.min(1, src[i]));
      out[j] = Math.round(s < 0 ? s * 32768 : s * 32767);
    }
  }
  return new Blob([buffer], { type: 'audio/wav' });
}

/** Joins Float32Array chunks into one array. */
export function concatFloat32(chunks) {
  let total = 0;
  for (const c of chunks) total += c.length;
  const out = new Float32Array(total);
  let offset = 0;
  for (const c of chunks) { out.set(c, offset); offset += c.length; }
  return out;
}
