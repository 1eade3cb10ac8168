import {
  type ComponentProps,
  type ComponentType,
  cloneElement,
  type ReactElement,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from 'react';

/** What a lazily loaded menu module renders: a Radix DropdownMenu around `trigger`. */
export type MenuPopupProps = {
  /** The trigger button, to be wrapped in `<DropdownMenuTrigger asChild ref={triggerRef}>`. */
  trigger: ReactElement;
  triggerRef: RefObject<HTMLButtonElement | null>;
  /** True when a pointer press asked for the menu; keyboard presses are replayed on the real trigger. */
  defaultOpen: boolean;
};

type PopupComponent = ComponentType<MenuPopupProps>;

export type MenuLoader = { loaded: PopupComponent | null; load(): Promise<PopupComponent> };

/** Wraps a menu module's dynamic import; it is fetched once, on first hover, focus or press. */
export function menuLoader(importer: () => Promise<{ default: PopupComponent }>): MenuLoader {
  let pending: Promise<PopupComponent> | null = null;
  const loader: MenuLoader = {
    loaded: null,
    load() {
      pending ??= importer().then(
        (module) => {
          loader.loaded = module.default;
          return module.default;
        },
        (error: unknown) => {
          pending = null; // offline for a moment: the next press tries again
          throw error;
        },
      );
      return pending;
    },
  };
  return loader;
}

// The keys that open a Radix DropdownMenu from its trigger.
const OPEN_KEYS = ['Enter', ' ', 'ArrowDown'];

type Activation = { Popup: PopupComponent; key: string | null };

/**
 * A dropdown menu whose code (Radix Menu, Floating UI, …) loads only when it is first wanted. Until
 * then the trigger is a plain button that looks and is named the same; the first press loads the
 * menu and opens it, like the Radix trigger would have: a pointer press opens it with the content
 * focused, a keyboard press is replayed on the Radix trigger so the first item gets focus.
 */
export function DeferredMenu({
  loader,
  trigger,
}: {
  loader: MenuLoader;
  trigger: ReactElement<ComponentProps<'button'>>;
}) {
  const [activation, setActivation] = useState<Activation | null>(null);
  const busy = useRef(false);
  const replayKey = useRef<string | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const key = replayKey.current;
    const button = triggerRef.current;
    if (!activation || key === null || !button) return;
    replayKey.current = null;
    // The plain button was swapped for the Radix one, so focus fell to the body; give it back,
    // unless the user has moved on meanwhile.
    const active = document.activeElement;
    if (active && active !== document.body && active !== button) return;
    button.focus();
    button.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }, [activation]);

  if (activation) {
    const { Popup } = activation;
    return <Popup trigger={trigger} triggerRef={triggerRef} defaultOpen={activation.key === null} />;
  }

  const preload = () => void loader.load().catch(() => undefined);
  const activate = (key: string | null) => {
    if (busy.current) return;
    busy.current = true;
    replayKey.current = key;
    if (loader.loaded) {
      setActivation({ Popup: loader.loaded, key });
      return;
    }
    loader.load().then(
      (Popup) => setActivation({ Popup, key }),
      () => {
        busy.current = false;
      },
    );
  };

  return cloneElement(trigger, {
    type: 'button',
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: preload,
    onFocus: preload,
    onPointerDown: (event) => {
      if (event.button !== 0 || event.ctrlKey) return;
      event.preventDefault(); // as Radix does: the menu content takes focus, not the trigger
      activate(null);
    },
    onKeyDown: (event) => {
      if (!OPEN_KEYS.includes(event.key)) return;
      event.preventDefault();
      activate(event.key);
    },
  } as ComponentProps<'button'>);
}
