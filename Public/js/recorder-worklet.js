// AudioWorklet that collects raw microphone PCM (downmixed to mono) and reports the input level.
// Messages in:  {type: 'record'} | {type: 'pause'} | {type: 'stop'}
// Messages out: {type: 'chunk', samples: Float32Array} (transferred)
//               {type: 'level', rms, peak}  about 20 times a second
//               {type: 'stopped'}           after the last chunk

const CHUNK_FRAMES = 4096;

class RecorderProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.recording = false;
    this.alive = true;
    this.chunk = new Float32Array(CHUNK_FRAMES);
    this.filled = 0;
    this.levelSum = 0;
    this.levelPeak = 0;
    this.levelFrames = 0;
    this.levelInterval = Math.round(sampleRate / 20);
    this.port.onmessage = (event) => {
      const { type } = event.data;
      if (type === 'record') this.recording = true;
      else if (type === 'pause') { this.recording = false; this.flush(); }
      else if (type === 'stop') { this.recording = false; this.flush(); this.alive = false; this.port.postMessage({ type: 'stopped' }); }
    };
  }

  flush() {
    if (this.filled === 0) return;
    const samples = this.chunk.slice(0, this.filled);
    this.port.postMessage({ type: 'chunk', samples }, [samples.buffer]);
    this.filled = 0;
  }

  process(inputs) {
    const input = inputs[0];
    if (!input || input.length === 0) return this.alive;
    const channelCount = input.length;
    const frames = input[0].length;
    for (let i = 0; i < frames; i++) {
      let s = input[0][i];
      if (channelCount > 1) {
        for (let c = 1; c < channelCount; c++) s += input[c][i];
        s /= channelCount;
      }
      this.levelSum += s * s;
      const a = s < 0 ? -s : s;
      if (a > this.levelPeak) this.levelPeak = a;
      if (this.recording) {
        this.chunk[this.filled++] = s;
        if (this.filled === CHUNK_FRAMES) this.flush();
      }
    }
    this.levelFrames += frames;
    if (this.levelFrames >= this.levelInterval) {
      this.port.postMessage({ type: 'level', rms: Math.sqrt(this.levelSum / this.levelFrames), peak: this.levelPeak });
      this.levelSum = 0; this.levelPeak = 0; this.levelFrames = 0;
    }
    return this.alive;
  }
}

registerProcessor('pp-recorder', RecorderProcessor);
