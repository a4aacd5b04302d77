/**
 * The landing page as plain HTML until the visitor does something: the app (its code, React taking the
 * markup over) starts on the first sign of intent instead of during the page's load.
 *
 * notes:
 * - Why (issue #31, Lighthouse mobile): the landing reads and its links work as HTML, but every task of the
 *   app's start — evaluating the entry module (21 ms of main-thread time), React's hydration and the 21 ms
 *   synchronous render after it — ran during the load and counted as blocking time on the 4x-throttled phone,
 *   so the first paint could not come early without the blocking time rising (README, "Public pages and
 *   Lighthouse"). A visitor who only reads never pays for the app.
 * - Intent is a pointer moving or pressing, a touch, a key, focus, a scroll or the wheel: on a desktop the
 *   pointer moves before it clicks, so the app is usually in before the click; on a phone it starts on touch.
 * - A pointer move that did not move is not intent: Chromium sends one (movement 0, 0) to a pointer resting
 *   over the page whenever the layout under it changes, e.g. as the landing finishes loading. Counted, it
 *   started the app for a visitor who only read (seen in 5 of 60 loads in the headless shell, where the
 *   pointer rests at 0, 0); a real move reports its movement, so the app still starts on the next one.
 * - A click or a form submit that arrives before the app answers is held (its default prevented: a link
 *   would otherwise leave the page, a button do nothing) and replayed on the same element once React has
 *   taken the markup over, so the visitor's first tap does what it says, only later. Clicks with a modifier
 *   or another button (open in a new tab) are the browser's own and pass.
 * - Text typed into a field before that is in the DOM but not in React's state: once the app answers, each
 *   such field gets an input event so its component reads the text (React tracks a field's last known value
 *   through the field's own `value` setter, so the setter of its prototype writes the text past it).
 * - If the app's code cannot load, the held actions are replayed anyway: links then navigate as plain HTML.
 * - Replays go to the element as it is once the app answers: each held target and typed field is noted with
 *   its place under the root, so if React drew a part afresh instead of taking its HTML over (a hydration
 *   mismatch replaces the nodes), the click, the text and the focus go to the element now in that place.
 *   A click is replayed once and only there (its original never reaches React), so a toggle turns once.
 */

const INTENT_DEFAULTS = {
  /** Events that start the app. Listened to on window, capture phase, passive. */
  intentEvents: ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel'],
};

type Held = () => void;

/** An element and its place under the root (child indexes), to find its stand-in if React redrew it. */
interface Noted<T extends Element> {
  element: T;
  path: number[];
}

/**
 * Calls `start` on the visitor's first intent and replays what they did before it resolved. `start` must
 * resolve once the app has committed its first render over `root`'s markup.
 */
export function startOnIntent(
  root: HTMLElement,
  start: () => Promise<void>,
  options: { intentEvents: readonly string[] } = INTENT_DEFAULTS,
): void {
  const held: Held[] = [];
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement, { text: string; path: number[] }>();
  let started = false;

  const begin = (event?: Event) => {
    if (started || (event && !isIntent(event))) return;
    started = true;
    for (const type of options.intentEvents) window.removeEventListener(type, begin, true);
    void start().then(answer, answer);
  };

  const hold = (event: Event) => {
    const { target } = event;
    if (!event.isTrusted || !(target instanceof Element) || !root.contains(target)) return;
    if (event instanceof MouseEvent) {
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      const noted = note(root, target);
      held.push(() => replayClick(current(root, noted)));
    } else if (target instanceof HTMLFormElement) {
      const noted = note(root, target);
      held.push(() => current(root, noted)?.requestSubmit());
    } else {
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    begin();
  };

  const remember = (event: Event) => {
    const { target } = event;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
    if (root.contains(target)) typed.set(target, { text: target.value, path: note(root, target).path });
  };

  function answer() {
    window.removeEventListener('click', hold, true);
    window.removeEventListener('submit', hold, true);
    window.removeEventListener('input', remember, true);
    const focused = document.activeElement;
    for (const [field, { text, path }] of typed) {
      const now = current(root, { element: field, path });
      if (!now) continue;
      handOver(now, text);
      // The visitor was typing in a field React replaced: the caret goes on in its stand-in.
      if (now !== field && focused === field) {
        now.focus();
        now.setSelectionRange?.(text.length, text.length);
      }
    }
    for (const replay of held.splice(0)) replay();
  }

  for (const type of options.intentEvents)
    window.addEventListener(type, begin, { capture: true, passive: true });
  window.addEventListener('click', hold, true);
  window.addEventListener('submit', hold, true);
  window.addEventListener('input', remember, true);
}

/** A pointer move counts only if the pointer moved: Chromium's hover updates report no movement. */
function isIntent(event: Event): boolean {
  return !(
    event.type === 'pointermove' &&
    event instanceof MouseEvent &&
    !event.movementX &&
    !event.movementY
  );
}

function note<T extends Element>(root: Element, element: T): Noted<T> {
  const path: number[] = [];
  for (let at: Element = element; at !== root && at.parentElement; at = at.parentElement) {
    path.unshift(Array.prototype.indexOf.call(at.parentElement.children, at));
  }
  return { element, path };
}

/**
 * The noted element if React took it over; else the element of the same kind now at its place (React drew
 * that part afresh); else none, and the action is dropped rather than sent to something else.
 */
function current<T extends Element>(root: Element, { element, path }: Noted<T>): T | null {
  if (element.isConnected && root.contains(element)) return element;
  let at: Element | undefined = root;
  for (const index of path) at = at?.children[index];
  if (!at || at.tagName !== element.tagName) return null;
  if (at instanceof HTMLInputElement && element instanceof HTMLInputElement && at.type !== element.type) {
    return null;
  }
  return at as unknown as T;
}

function replayClick(target: Element | null): void {
  if (!target) return;
  if (target instanceof HTMLElement) target.click();
  else target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
}

/** Gives the app the text typed into `field` before it answered (see the notes). */
function handOver(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  if (!setValue) return;
  // The app's first commit can leave a Suspense boundary (the page's content) still to be hydrated; React
  // hydrates it when an event reaches it, recording each field's value as it finds it then. So first the
  // rendered value and an event: React takes this part over now and records that, not the typed text (with
  // the text recorded, the event below would look like no change and the text never reach the app's state).
  setValue.call(field, field.defaultValue);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  // Through the field's own setter, so React's record of the value differs from the text.
  field.value = text === field.defaultValue ? `${text} ` : field.defaultValue;
  setValue.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
