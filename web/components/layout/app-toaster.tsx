import { showNotices } from '@web/lib/notify';
import { useEffect, useState } from 'react';
import { Toaster, toast } from 'sonner';

/** Loaded on its own after the first render (see DeferredToaster in main.tsx), so sonner stays out of the entry bundle. */
export default function AppToaster() {
  // Code that cannot import sonner (it is on the first paint) sends its notices through lib/notify,
  // including those sent before this mounted. The Toaster's own effect (a child's) has run by now,
  // so it hears the toasts this one makes.
  useEffect(
    () => showNotices(({ type, title, description, action }) => toast[type](title, { description, action })),
    [],
  );
  const wide = useWideScreen();
  return <Toaster richColors position={wide ? 'top-center' : 'bottom-center'} />;
}

const WIDE = '(min-width: 640px)';

/** On phones notices rise from the bottom, where they cover neither the top bar nor the form's fields. */
function useWideScreen(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const change = () => setWide(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return wide;
}
