// Play view: waveform, six voice tiles, stop, back to record.
//
// Tap-to-sound latency: every render is fetched and decoded into an AudioBuffer in the
// background as soon as the view opens, so a tap only creates an AudioBufferSourceNode and
// starts it. Each tap is recorded in window.ppMetrics.taps for the browser tests.

import { audioContext } from './audio.js';
import { fetchAudio, getRecording, listVoices } from './api.js';
import { iconSVG } from './icons.js';
import { formatTime } from './record.js';

export const VOICES = [
  { id: 'snail', name: 'Snail', hint: 'Slow' },
  { id: 'rabbit', name: 'Rabbit', hint: 'Fast' },
  { id: 'chipmunk', name: 'Chipmunk', hint: 'High' },
  { id: 'vader', name: 'Darth Vader', hint: 'Low' },
  { id: 'echo', name: 'Echo', hint: 'Repeats' },
  { id: 'reverb', name: 'Reverb', hint: 'Concert hall' },
];

const $ = (id) => document.getElementById(id);

window.ppMetrics = window.ppMetrics || { taps: [] };
window.ppMetrics.taps = window.ppMetrics.taps || [];
// Sources started and not yet ended (the tests check that switching voices stops the last one).
window.ppActiveSources = 0;

export function createPlayView({ announce, onBack }) {
  const voicesEl = $('voices');
  const stopButton = $('stop-button');
  const nowPlaying = $('now-playing');
  const canvas = $('waveform');
  const meta = $('play-meta');
  const title = $('play-title');
  const playError = $('play-error');

  let recordingId = null;
  let peaks = null;                 // {samples, sampleRate} of the original, for the waveform
  let buffers = new Map();          // voice id → AudioBuffer
  let loads = null;                 // AbortController of the current background loads
  let current = null;               // {source, voice, startedAt, duration}
  let raf = 0;

  // Build the tiles once.
  const tiles = new Map();
  for (const voice of VOICES) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'voice';
    button.dataset.voice = voice.id;
    button.setAttribute('aria-label', voice.name);
    button.setAttribute('aria-pressed', 'false');
    button.setAttribute('aria-describedby', `voice-state-${voice.id}`);
    button.innerHTML = `
      <span class="voice-icon voice-icon--${voice.id}">${iconSVG(voice.id)}</span>
      <span class="voice-name">${voice.name}</span>
      <span class="voice-state" id="voice-state-${voice.id}"><span class="voice-dot" aria-hidden="true"></span><span class="voice-state-text">Loading…</span></span>`;
    button.addEventListener('click', (event) => onVoiceClick(voice, event));
    voicesEl.appendChild(button);
    tiles.set(voice.id, button);
  }

  listVoices().then((list) => {
    for (const v of list) {
      const tile = tiles.get(v.id);
      if (tile && v.description) tile.title = v.description;
    }
  }).catch(() => { /* names are built in; descriptions are a nicety */ });

  function setReadiness(voiceId, readiness, text) {
    const tile = tiles.get(voiceId);
    tile.dataset.ready = readiness;   // 'loading' | 'true' | 'error'
    tile.setAttribute('aria-disabled', readiness === 'true' ? 'false' : 'true');
    tile.querySelector('.voice-state-text').textContent = text;
  }

  function onVoiceClick(voice, event) {
    const clickTime = performance.now();
    const buffer = buffers.get(voice.id);
    if (!buffer) {
      if (tiles.get(voice.id).dataset.ready === 'error') loadVoice(voice, loads);
      announce(`${voice.name} is still loading.`);
      return;
    }
    const ctx = audioContext();
    stopPlayback(false);
    const source = ctx.createBufferSource();
    source.buffer = buffer;
    source.connect(ctx.destination);
    source.addEventListener('ended', () => { window.ppActiveSources -= 1; });
    source.start();
    window.ppActiveSources += 1;
    const started = performance.now();
    // event.timeStamp shares performance.now()'s clock; use it when it is plausible so the
    // figure includes input dispatch, else fall back to the handler's entry.
    const since = event && event.timeStamp > 0 && event.timeStamp <= clickTime && clickTime - event.timeStamp < 1000
      ? event.timeStamp : clickTime;
    window.ppMetrics.taps.push({
      voice: voice.id,
      clickToStartMs: started - since,
      handlerToStartMs: started - clickTime,
      outputLatencyMs: ((ctx.baseLatency || 0) + (ctx.outputLatency || 0)) * 1000,
      durationSeconds: buffer.duration,
      sampleRate: buffer.sampleRate,
    });
    window.ppLastPlayed = { voice: voice.id, buffer, sampleRate: buffer.sampleRate, length: buffer.length, duration: buffer.duration };

    current = { source, voice, startedAt: ctx.currentTime, duration: buffer.duration };
    source.onended = () => { if (current && current.source === source) finished(); };
    for (const [id, tile] of tiles) {
      tile.setAttribute('aria-pressed', String(id === voice.id));
      tile.classList.toggle('playing', id === voice.id);
    }
    stopButton.disabled = false;
    nowPlaying.innerHTML = `<span class="eq" aria-hidden="true"><i></i><i></i><i></i></span> Playing: <strong>${voice.name}</strong>`;
    nowPlaying.dataset.voice = voice.id;
    announce(`Playing ${voice.name}.`);
    cancelAnimationFrame(raf);
    raf = requestAnimationFrame(tick);
  }

  function tick() {
    if (!current) { setProgress(0); return; }
    const ctx = audioContext();
    setProgress(Math.min(1, (ctx.currentTime - current.startedAt) / current.duration));
    raf = requestAnimationFrame(tick);
  }

  function setProgress(fraction) {
    canvas.parentElement.style.setProperty('--progress', String(fraction));
  }

  function finished() {
    current = null;
    for (const tile of tiles.values()) { tile.setAttribute('aria-pressed', 'false'); tile.classList.remove('playing'); }
    stopButton.disabled = true;
    nowPlaying.textContent = 'Choose a voice to play your recording.';
    delete nowPlaying.dataset.voice;
    cancelAnimationFrame(raf);
    setProgress(0);
  }

  /** Stops whatever is playing. */
  function stopPlayback(tellUser = true) {
    if (!current) return;
    const { source, voice } = current;
    current = null;
    source.onended = null;
    try { source.stop(); } catch { /* not started */ }
    source.disconnect();
    finished();
    if (tellUser) announce(`Stopped ${voice.name}.`);
  }

  async function loadVoice(voice, controller) {
    setReadiness(voice.id, 'loading', 'Loading…');
    try {
      const bytes = await fetchAudio(recordingId, voice.id, { signal: controller.signal });
      const buffer = await audioContext().decodeAudioData(bytes);
      if (controller !== loads) return;
      buffers.set(voice.id, buffer);
      setReadiness(voice.id, 'true', 'Ready');
      if ([...buffers.keys()].length === VOICES.length) announce('All voices are ready.');
    } catch (error) {
      if (controller !== loads) return;
      console.warn('Could not load', voice.id, error);
      setReadiness(voice.id, 'error', 'Failed – tap to retry');
    }
  }

  async function loadOriginal(controller) {
    try {
      const bytes = await fetchAudio(recordingId, null, { signal: controller.signal });
      const buffer = await audioContext().decodeAudioData(bytes);
      if (controller !== loads) return;
      peaks = { samples: buffer.getChannelData(0), sampleRate: buffer.sampleRate };
      drawWaveform();
    } catch (error) {
      if (controller === loads) console.warn('Could not load the original', error);
    }
  }

  function describe(recording) {
    title.textContent = 'Your recording';
    const bits = [formatTime(recording.durationSeconds), `${(recording.sampleRate / 1000).toFixed(1)} kHz`];
    if (Number.isFinite(recording.peakDecibels)) bits.push(`peak ${recording.peakDecibels.toFixed(1)} dBFS`);
    meta.textContent = bits.join(' · ');
  }

  function drawWaveform() {
    const rect = canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(rect.width * dpr));
    const height = Math.max(1, Math.round(rect.height * dpr));
    if (canvas.width !== width || canvas.height !== height) { canvas.width = width; canvas.height = height; }
    const g = canvas.getContext('2d');
    g.clearRect(0, 0, width, height);
    const mid = height / 2;
    const styles = getComputedStyle(canvas);
    g.fillStyle = styles.getPropertyValue('--wave-axis').trim() || '#ddd';
    g.fillRect(0, Math.floor(mid), width, Math.max(1, Math.round(dpr)));
    if (!peaks) return;
    const { samples } = peaks;
    // Scale so that the loudest part nearly fills the height, but never amplify noise beyond 8×.
    let max = 0;
    for (let i = 0; i < samples.length; i++) { const a = Math.abs(samples[i]); if (a > max) max = a; }
    const gain = (mid * 0.92) / Math.max(max, 1 / 8);
    const bar = Math.max(2, Math.round(3 * dpr));
    const gap = Math.max(1, Math.round(1.5 * dpr));
    const bars = Math.floor(width / (bar + gap));
    const perBar = samples.length / bars;
    g.fillStyle = styles.getPropertyValue('--wave-color').trim() || '#6d4aff';
    for (let b = 0; b < bars; b++) {
      const start = Math.floor(b * perBar);
      const end = Math.min(samples.length, Math.floor((b + 1) * perBar));
      let peak = 0;
      for (let i = start; i < end; i++) { const a = Math.abs(samples[i]); if (a > peak) peak = a; }
      const h = Math.max(dpr, peak * gain);
      const x = b * (bar + gap);
      g.beginPath();
      if (g.roundRect) g.roundRect(x, mid - h, bar, 2 * h, bar / 2); else g.rect(x, mid - h, bar, 2 * h);
      g.fill();
    }
  }

  window.addEventListener('resize', () => { if (recordingId) drawWaveform(); });
  stopButton.addEventListener('click', () => stopPlayback(true));
  $('back-to-record').addEventListener('click', () => { stopPlayback(false); onBack(); });

  return {
    /**
     * Opens a recording. `local` may carry the just-recorded samples so the waveform shows at once.
     */
    async open(id, { recording = null, local = null } = {}) {
      if (id === recordingId && loads) { drawWaveform(); return; }
      this.leave();
      recordingId = id;
      buffers = new Map();
      loads = new AbortController();
      const controller = loads;
      playError.hidden = true;
      peaks = local ? { samples: local.samples, sampleRate: local.sampleRate } : null;
      meta.textContent = 'Loading…';
      requestAnimationFrame(drawWaveform);
      for (const voice of VOICES) setReadiness(voice.id, 'loading', 'Loading…');
      try {
        const info = recording || await getRecording(id);
        if (controller !== loads) return;
        describe(info);
      } catch (error) {
        if (controller !== loads) return;
        meta.textContent = '';
        $('play-error-text').textContent = `Could not open this recording: ${error.message}`;
        playError.hidden = false;
        for (const voice of VOICES) setReadiness(voice.id, 'error', 'Unavailable');
        return;
      }
      if (!peaks) loadOriginal(controller);
      await Promise.all(VOICES.map((voice) => loadVoice(voice, controller)));
    },
    leave() {
      stopPlayback(false);
      if (loads) loads.abort();
      loads = null;
      recordingId = null;
      // Six decoded renders of a long take are hundreds of megabytes: let them go.
      buffers = new Map();
      peaks = null;
      window.ppLastPlayed = null;
    },
    stop: () => stopPlayback(true),
  };
}
