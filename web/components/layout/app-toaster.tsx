import { NOTIFY_EVENT, type Notice } from '@web/lib/notify';
import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';

/** Loaded on its own after the first render (see DeferredToaster in main.tsx), so sonner stays out of the entry bundle. */
export default function AppToaster() {
  // Code that cannot import sonner (it is on the first paint) sends its notices through lib/notify.
  useEffect(() => {
    const show = (event: Event) => {
      const { type, title, description } = (event as CustomEvent<Notice>).detail;
      toast[type](title, { description });
    };
    window.addEventListener(NOTIFY_EVENT, show);
    return () => window.removeEventListener(NOTIFY_EVENT, show);
  }, []);
  return <Toaster richColors position="top-center" />;
}
