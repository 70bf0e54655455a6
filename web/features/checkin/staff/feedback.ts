let audio: AudioContext | undefined;

/** One short tone; the context is made at the first scan, which follows a tap (browsers start sound on a gesture). */
function tone(frequency: number, startsIn: number, seconds: number, wave: OscillatorType) {
  audio ??= new AudioContext();
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = wave;
  oscillator.frequency.value = frequency;
  const start = audio.currentTime + startsIn;
  // A short fade in and out: a square cut dead clicks.
  gain.gain.setValueAtTime(0, start);
  gain.gain.linearRampToValueAtTime(0.25, start + 0.01);
  gain.gain.linearRampToValueAtTime(0, start + seconds);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(start + seconds);
}

/**
 * What staff hear and feel without looking at the screen: one high beep and one short buzz to let a guest in, two low
 * buzzing tones and a double vibration to stop them. Phones without sound or vibration simply stay silent.
 */
export function signal(outcome: "accepted" | "refused") {
  try {
    if (outcome === "accepted") tone(1046, 0, 0.15, "sine");
    else {
      tone(220, 0, 0.18, "square");
      tone(220, 0.24, 0.18, "square");
    }
  } catch {
    // No audio device (or audio blocked): the screen and the vibration still tell.
  }
  navigator.vibrate?.(outcome === "accepted" ? 80 : [150, 80, 150]);
}
