/**
 * The short chime of a paid sale, made with the Web Audio API (no audio file). The shop turns it off
 * on this computer (localStorage). Browsers start audio only after a user gesture, so the Charge
 * click prepares the audio context; where there is no audio at all (a headless browser, a locked-down
 * kiosk) the sale goes on in silence.
 */
const STORAGE = 'stablepos.paidSound';

let context: AudioContext | undefined;

export function paidSoundOn(): boolean {
  try {
    return window.localStorage.getItem(STORAGE) !== 'off';
  } catch {
    return true;
  }
}

export function setPaidSoundOn(on: boolean): void {
  try {
    window.localStorage.setItem(STORAGE, on ? 'on' : 'off');
  } catch {
    // storage disabled: the setting lasts until the page reloads
  }
}

/** Called from the Charge click (a user gesture), so that the context may play later. */
export function preparePaidSound(): void {
  if (!paidSoundOn()) return;
  try {
    context ??= new AudioContext();
    void context.resume().catch(() => undefined);
  } catch {
    context = undefined; // no Web Audio here
  }
}

/** Two rising notes, a quarter of a second in all. */
export function playPaidSound(): void {
  if (!paidSoundOn() || !context) return;
  try {
    const start = context.currentTime;
    for (const [i, frequency] of [880, 1320].entries()) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      const at = start + i * 0.12;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.15);
    }
  } catch {
    // audio failed: the screen still says Paid
  }
}
