"use client";

import { useEffect, useRef, useState, type ComponentType, type KeyboardEvent, type ReactElement, type Ref, type SyntheticEvent } from "react";
import { flushSync } from "react-dom";
import { useHydrated } from "@/ui/shared/use-hydrated";

/** What happened on the trigger before the menu's code came in. */
export interface MenuIntent {
  /** The trigger had the keyboard focus. */
  focused: boolean;
  /** The trigger was activated (click, Enter or Space): the menu opens at once. */
  clicked: boolean;
}

/** What a deferred menu gets besides its own props: its trigger and what happened on it so far. */
export interface DeferredMenuProps {
  trigger: (props: TriggerProps) => ReactElement;
  intent: MenuIntent;
}

/** What the trigger button gets on top of its own look and content. */
export interface TriggerProps {
  ref?: Ref<HTMLButtonElement>;
  "aria-haspopup"?: "menu";
  "aria-expanded"?: boolean;
  onPointerEnter?: (event: SyntheticEvent<HTMLElement>) => void;
  onFocus?: (event: SyntheticEvent<HTMLElement>) => void;
  onClick?: (event: SyntheticEvent<HTMLElement>) => void;
  onPointerDown?: (event: SyntheticEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  /** Set once the trigger is hydrated and acts on a click. */
  "data-interactive"?: true;
}

/**
 * A header menu whose code (Menu, Popover and their positioning) loads on first use: until then
 * the trigger is drawn as it is with the menu (same look, name and popup attributes), and the first
 * pointer over it, focus on it or click on it loads the menu. A click made before the menu is in
 * opens it once it is, and keyboard focus stays on the trigger, so Enter and Space act as always.
 */
export function DeferredMenu<P extends object>({ load, trigger: draw, props }: { load: () => Promise<ComponentType<P & DeferredMenuProps>>; trigger: DeferredMenuProps["trigger"]; props: P }) {
  const hydrated = useHydrated();
  const trigger: DeferredMenuProps["trigger"] = (extra) => draw(hydrated ? { ...extra, "data-interactive": true } : extra);
  const [loaded, setLoaded] = useState<{ Menu: ComponentType<P & DeferredMenuProps>; intent: MenuIntent } | null>(null);
  const element = useRef<HTMLElement | null>(null);
  const arrived = useRef<ComponentType<P & DeferredMenuProps> | null>(null);
  const clicked = useRef(false);
  const loading = useRef(false);
  // A press in progress (pointer or Space held): the trigger is swapped only after it, so its click is not lost.
  const pressed = useRef(false);

  const swap = () => {
    const Menu = arrived.current;
    if (!Menu || pressed.current) return;
    const el = element.current;
    const intent = { focused: el !== null && document.activeElement === el, clicked: clicked.current };
    // At once, so no press can start on the static trigger and end on the loaded one.
    flushSync(() => setLoaded({ Menu, intent }));
  };
  const start = (event: SyntheticEvent<HTMLElement>) => {
    element.current = event.currentTarget;
    if (loading.current) return;
    loading.current = true;
    load().then(
      (Menu) => {
        arrived.current = Menu;
        swap();
      },
      () => {
        // Tried again on the next pointer, focus or click.
        loading.current = false;
      },
    );
  };
  const press = (event: SyntheticEvent<HTMLElement>, until: readonly string[]) => {
    pressed.current = true;
    const release = () => {
      for (const name of until) window.removeEventListener(name, release, true);
      // After the click that follows the release.
      setTimeout(() => {
        pressed.current = false;
        swap();
      }, 0);
    };
    for (const name of until) window.addEventListener(name, release, true);
    start(event);
  };

  if (loaded) return <loaded.Menu {...props} trigger={trigger} intent={loaded.intent} />;
  const onClick = (event: SyntheticEvent<HTMLElement>) => {
    clicked.current = !clicked.current;
    start(event);
  };
  const onPointerDown = (event: SyntheticEvent<HTMLElement>) => press(event, ["pointerup", "pointercancel"]);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === " " && !event.repeat) press(event, ["keyup", "blur"]);
  };
  return <StaticTrigger trigger={trigger} onPointerEnter={start} onFocus={start} onClick={onClick} onPointerDown={onPointerDown} onKeyDown={onKeyDown} />;
}

/** The trigger as the closed menu draws it. */
function StaticTrigger({ trigger, ...handlers }: Pick<DeferredMenuProps, "trigger"> & Required<Pick<TriggerProps, "onPointerEnter" | "onFocus" | "onClick" | "onPointerDown" | "onKeyDown">>) {
  return trigger({ "aria-haspopup": "menu", "aria-expanded": false, ...handlers });
}

/**
 * In the loaded menu: the ref for its trigger, and what happened before it came in carried out
 * (focus back on the trigger, and an earlier click opens the menu as that click would have).
 */
export function useMenuIntent(intent: MenuIntent) {
  const ref = useRef<HTMLButtonElement>(null);
  const done = useRef(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || done.current) return;
    done.current = true;
    if (intent.focused || intent.clicked) el.focus();
    if (intent.clicked) el.click();
  }, [intent]);
  return ref;
}
