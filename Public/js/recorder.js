// Microphone capture: getUserMedia with the browser's voice processing off, raw PCM through an
// AudioWorklet. No MediaRecorder: we want the samples exactly as the microphone gave them.

import { concatFloat32 } from './wav.js';

/** A failure to open the microphone, classified for the message shown to the user. */
export class MicrophoneError extends Error {
  /** @param {'denied'|'absent'|'busy'|'insecure'|'other'} kind */
  constructor(kind, message) { super(message); this.kind = kind; }
}

function classify(error) {
  const name = error && error.name;
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') return new MicrophoneError('denied', error.message);
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return new MicrophoneError('absent', error.message);
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return new MicrophoneError('busy', error.message);
  return new MicrophoneError('other', (error && error.message) || String(error));
}

export class MicRecorder {
  /** @param {AudioContext} context */
  constructor(context) {
    this.context = context;
    this.chunks = [];
    this.frameCount = 0;
    this.onlevel = null;   // ({rms, peak}) => void
    this.onframes = null;  // (frameCount) => void
    this.stream = null;
    this.node = null;
    this.source = null;
    this.sink = null;
    this.stopped = null;
  }

  get sampleRate() { return this.context.sampleRate; }

  /** Opens the microphone and starts collecting. Throws MicrophoneError. */
  async start() {
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      throw new MicrophoneError('insecure', 'navigator.mediaDevices is not available');
    }
    try {
      this.stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false, channelCount: 1 },
        video: false,
      });
    } catch (error) {
      throw classify(error);
    }
    const ctx = this.context;
    await ctx.audioWorklet.addModule(new URL('./recorder-worklet.js', import.meta.url));
    if (ctx.state !== 'running') await ctx.resume();
    this.source = ctx.createMediaStreamSource(this.stream);
    this.node = new AudioWorkletNode(ctx, 'pp-recorder', { numberOfInputs: 1, numberOfOutputs: 1, outputChannelCount: [1] });
    // The worklet writes silence; connecting it through a muted gain keeps it pulled by the graph.
    this.sink = ctx.createGain();
    this.sink.gain.value = 0;
    this.stopped = new Promise((resolve) => { this.resolveStopped = resolve; });
    this.node.port.onmessage = (event) => {
      const msg = event.data;
      if (msg.type === 'chunk') {
        this.chunks.push(msg.samples);
        this.frameCount += msg.samples.length;
        if (this.onframes) this.onframes(this.frameCount);
      } else if (msg.type === 'level') {
        if (this.onlevel) this.onlevel(msg);
      } else if (msg.type === 'stopped') {
        this.resolveStopped();
      }
    };
    this.source.connect(this.node).connect(this.sink).connect(ctx.destination);
    this.node.port.postMessage({ type: 'record' });
  }

  pause() { if (this.node) this.node.port.postMessage({ type: 'pause' }); }
  resume() { if (this.node) this.node.port.postMessage({ type: 'record' }); }

  /** Stops capture and returns the take as one mono Float32Array. */
  async stop() {
    if (this.node) {
      this.node.port.postMessage({ type: 'stop' });
      await Promise.race([this.stopped, new Promise((r) => setTimeout(r, 1000))]);
    }
    this.release();
    return { samples: concatFloat32(this.chunks), sampleRate: this.sampleRate };
  }

  /** Closes the microphone and disconnects the graph. Safe to call twice. */
  release() {
    if (this.stream) for (const track of this.stream.getTracks()) track.stop();
    for (const n of [this.source, this.node, this.sink]) { try { n && n.disconnect(); } catch { /* already */ } }
    if (this.node) this.node.port.onmessage = null;
    this.stream = this.source = this.node = this.sink = null;
  }
}
