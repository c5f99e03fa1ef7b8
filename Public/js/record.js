// Record view: microphone button, pause/resume, stop, upload with retry, microphone errors.

import { audioContext } from './audio.js';
import { MicRecorder } from './recorder.js';
import { encodeWAV16 } from './wav.js';
import { uploadRecording } from './api.js';

const $ = (id) => document.getElementById(id);

/** The server keeps recordings up to 15 minutes; the take stops itself there. */
const MAXIMUM_SECONDS = 15 * 60;

// When the capture was told to record, pause, resume and stop (performance.now(), ms), for tests.
window.ppMetrics = window.ppMetrics || { taps: [] };
window.ppMetrics.capture = [];
const mark = (event) => window.ppMetrics.capture.push({ event, t: performance.now() });

const LABELS = {
  idle: 'Tap to record',
  starting: 'Starting microphone…',
  recording: 'Recording…',
  paused: 'Recording paused',
  saving: 'Saving…',
  'upload-error': 'Not saved yet',
  'mic-error': 'Tap to record',
};

const MIC_MESSAGES = {
  denied: {
    title: 'Microphone blocked',
    text: 'PitchPerfect is not allowed to use your microphone, so it cannot record.',
    help: 'To allow it, open the site settings (the lock or settings icon next to the address bar), set Microphone to “Allow”, then press Try again. On a phone, also check that the browser may use the microphone in the system settings.',
  },
  absent: {
    title: 'No microphone found',
    text: 'Your browser did not find a microphone to record from.',
    help: 'Plug in or switch on a microphone or headset, check that it is enabled in your system’s sound settings and in the browser’s site settings, then press Try again.',
  },
  busy: {
    title: 'Microphone is busy',
    text: 'The microphone is there but could not be started; another app may be using it.',
    help: 'Close other apps or tabs that use the microphone, then press Try again.',
  },
  insecure: {
    title: 'Microphone not available on this page',
    text: 'Browsers only allow the microphone on secure pages.',
    help: 'Open the studio over https:// or from localhost, then press Try again.',
  },
  other: {
    title: 'Could not start the microphone',
    text: 'Something went wrong while opening the microphone.',
    help: 'Check the browser’s site settings for this page (Microphone: Allow), then press Try again.',
  },
};

export function formatTime(seconds) {
  const m = Math.floor(seconds / 60);
  const s = seconds - m * 60;
  return `${m}:${s.toFixed(1).padStart(4, '0')}`;
}

export function createRecordView({ announce, onSaved }) {
  const card = document.querySelector('#view-record .record-card');
  const mic = $('mic-button');
  const label = $('record-label');
  const time = $('record-time');
  const level = $('level');
  const levelMeter = $('level-meter');
  const levelFill = $('level-fill');
  const pauseButton = $('pause-button');
  const resumeButton = $('resume-button');
  const stopButton = $('stop-record-button');
  const saving = $('saving');
  const progress = $('upload-progress');
  const uploadError = $('upload-error');
  const uploadErrorText = $('upload-error-text');
  const uploadErrorHelp = $('upload-error-help');
  const micError = $('mic-error');

  let state = 'idle';
  let recorder = null;
  let take = null;          // {samples, sampleRate, wav} kept until it is saved or discarded
  let generation = 0;       // bumps on reset so late async results are ignored
  let visible = true;       // false once the user has gone to another view

  function setState(next) {
    state = next;
    card.dataset.state = next;
    const active = next === 'recording' || next === 'paused';
    mic.disabled = !(next === 'idle' || next === 'mic-error');
    label.textContent = LABELS[next];
    time.hidden = !(active || next === 'saving' || next === 'upload-error');
    level.hidden = !active;
    pauseButton.hidden = next !== 'recording';
    resumeButton.hidden = next !== 'paused';
    stopButton.hidden = !active;
    saving.hidden = next !== 'saving';
    uploadError.hidden = next !== 'upload-error';
    micError.hidden = next !== 'mic-error';
    if (!active) showLevel({ rms: 0, peak: 0 });
  }

  function showLevel({ rms, peak }) {
    // dBFS mapped onto 0…100 over -60…0 dB; the peak keeps the meter lively on speech.
    const db = 20 * Math.log10(Math.max(peak, rms * 1.4, 1e-6));
    const percent = Math.max(0, Math.min(100, ((db + 60) / 60) * 100));
    levelFill.style.transform = `scaleX(${percent / 100})`;
    levelFill.classList.toggle('hot', db > -3);
    levelMeter.setAttribute('aria-valuenow', String(Math.round(percent)));
  }

  function showTime(frames, sampleRate) {
    time.textContent = formatTime(frames / sampleRate);
  }

  async function start() {
    if (state !== 'idle' && state !== 'mic-error') return;
    const myGeneration = ++generation;
    setState('starting');
    announce('Starting the microphone…');
    const ctx = audioContext();
    const rec = new MicRecorder(ctx);
    try {
      await rec.start();
    } catch (error) {
      rec.release();
      if (myGeneration !== generation) return;
      const kind = error.kind || 'other';
      const m = MIC_MESSAGES[kind] || MIC_MESSAGES.other;
      micError.dataset.kind = kind;
      $('mic-error-title').textContent = m.title;
      $('mic-error-text').textContent = m.text;
      $('mic-error-help').textContent = m.help;
      setState('mic-error');
      announce(`${m.title}. ${m.text}`);
      console.warn('Microphone error', error);
      return;
    }
    if (myGeneration !== generation) { rec.release(); return; }
    mark('record');
    recorder = rec;
    rec.onlevel = showLevel;
    rec.onframes = (frames) => {
      showTime(frames, rec.sampleRate);
      if (frames / rec.sampleRate >= MAXIMUM_SECONDS && recorder === rec) {
        announce('Recordings stop at 15 minutes: saving what you recorded.');
        stop();
      }
    };
    showTime(0, rec.sampleRate);
    setState('recording');
    announce('Recording.');
    pauseButton.focus();
  }

  function pause() {
    if (state !== 'recording') return;
    recorder.pause();
    mark('pause');
    setState('paused');
    announce('Recording paused.');
    resumeButton.focus();
  }

  function resume() {
    if (state !== 'paused') return;
    recorder.resume();
    mark('resume');
    setState('recording');
    announce('Recording resumed.');
    pauseButton.focus();
  }

  async function stop() {
    if (state !== 'recording' && state !== 'paused') return;
    const rec = recorder;
    recorder = null;
    const myGeneration = generation;
    setState('saving');
    const stopping = rec.stop();
    mark('stop');
    const { samples, sampleRate } = await stopping;
    if (myGeneration !== generation) return;
    if (samples.length === 0) {
      reset();
      announce('Nothing was recorded. Tap the microphone and speak, then press Stop.');
      return;
    }
    showTime(samples.length, sampleRate);
    take = { samples, sampleRate, wav: encodeWAV16([samples], sampleRate) };
    await save();
  }

  async function save() {
    if (!take) return;
    const myGeneration = generation;
    setState('saving');
    progress.value = 0;
    announce('Saving your recording…');
    const title = `Recording ${new Date().toLocaleString()}`;
    try {
      const recording = await uploadRecording(take.wav, title, (f) => { progress.value = Math.round(f * 100); });
      if (myGeneration !== generation) return;
      const saved = take;
      reset();
      announce('Recording saved.');
      // Someone who went elsewhere while it saved stays there; the recording is kept either way.
      if (visible) onSaved(recording, saved);
    } catch (error) {
      if (myGeneration !== generation) return;
      uploadErrorText.textContent = error.message || String(error);
      // A 4xx means the server will refuse this take again: say so rather than blame the network.
      const refused = error.status >= 400 && error.status < 500;
      uploadErrorHelp.textContent = refused
        ? 'The studio cannot keep this take. Download it to keep it on this device, or discard it.'
        : 'Your take is safe on this page. Check your connection and try again.';
      $('upload-retry').hidden = refused;
      setState('upload-error');
      announce(`Could not save your recording: ${error.message}`);
      (refused ? $('upload-download') : $('upload-retry')).focus();
    }
  }

  /** Saves the unsaved take as a WAV file on this device. */
  function download() {
    if (!take) return;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(take.wav);
    link.download = `recording-${new Date().toISOString().replace(/[:.]/g, '-')}.wav`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    announce('Take downloaded.');
  }

  function discard() {
    take = null;
    reset();
    announce('Take discarded.');
    mic.focus();
  }

  /** Back to the initial state: microphone released, nothing recorded. */
  function reset() {
    generation++;
    if (recorder) { recorder.release(); recorder = null; }
    take = null;
    time.textContent = formatTime(0);
    setState('idle');
  }

  mic.addEventListener('click', start);
  pauseButton.addEventListener('click', pause);
  resumeButton.addEventListener('click', resume);
  stopButton.addEventListener('click', stop);
  $('upload-retry').addEventListener('click', save);
  $('upload-discard').addEventListener('click', discard);
  $('upload-download').addEventListener('click', download);
  $('mic-retry').addEventListener('click', start);

  setState('idle');
  return {
    enter() {
      visible = true;
      if (state !== 'upload-error' && state !== 'saving') reset();
    },
    leave() {
      visible = false;
      if (state === 'recording' || state === 'paused' || state === 'starting') reset();
    },
    reset,
    get state() { return state; },
  };
}
