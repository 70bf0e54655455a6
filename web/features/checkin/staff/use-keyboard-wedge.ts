import { useEffect, useRef } from "react";

/** A hand scanner types a whole code in a few milliseconds per key; a person types far slower than this. */
const maxGapMs = 50;
const shortestCode = 6;

/**
 * A hand scanner plugged in as a keyboard ("keyboard wedge") types the code then Enter wherever the focus is. In a
 * text field the field's own form takes it; anywhere else on the page this catches the burst, so staff need not tap
 * the code field before each guest.
 */
export function useKeyboardWedge(onCode: (code: string) => void) {
  const latest = useRef(onCode);
  latest.current = onCode;
  useEffect(() => {
    let typed = "";
    let lastKeyAt = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable='true']")) return;
      const now = event.timeStamp;
      if (now - lastKeyAt > maxGapMs) typed = "";
      lastKeyAt = now;
      if (event.key === "Enter") {
        if (typed.length >= shortestCode) {
          event.preventDefault();
          latest.current(typed);
        }
        typed = "";
      } else if (event.key.length === 1) typed += event.key;
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}
