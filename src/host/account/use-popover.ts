/** Open state of a popover that closes on an outside pointer press and on Escape. */
import { useEffect, useRef, useState } from 'react';

/** `[open, setOpen, rootRef]` for a popover anchored inside `rootRef`. */
export function usePopover<T extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const root = useRef<T>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      // The press may land in a shadow root or a portal-less dialog: compare the composed path.
      if (!event.composedPath().includes(root.current as EventTarget)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return [open, setOpen, root] as const;
}
