// The one AudioContext the studio uses for capture and playback.

let context = null;

/** The shared AudioContext, created on first use. Call from a user gesture where possible. */
export function audioContext() {
  if (!context) context = new AudioContext({ latencyHint: 'interactive' });
  if (context.state === 'suspended') context.resume().catch(() => {});
  return context;
}
