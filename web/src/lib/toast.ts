import { useEffect, useState } from 'preact/hooks';

/** Shows a short message in the page's live region, where screen readers announce it. */
export type Announce = (message: string) => void;

/** The current toast message and its setter; a message clears itself after 4 seconds. */
export function useToast(): [string, Announce] {
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(''), 4000);
    return () => clearTimeout(timer);
  }, [message]);
  return [message, setMessage];
}
