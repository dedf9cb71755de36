/** Test or live: what the signed-in credential works in, read from the API (shown on every screen). */
import { useEffect, useState } from 'react';
import { getJson } from './api.js';

export function useMode(signedIn: boolean): boolean | undefined {
  const [livemode, setLivemode] = useState<boolean>();
  useEffect(() => {
    if (!signedIn) {
      setLivemode(undefined);
      return;
    }
    let cancelled = false;
    getJson<{ livemode: boolean }>('/v1/merchant').then(
      (m) => !cancelled && setLivemode(m.livemode),
      () => !cancelled && setLivemode(undefined),
    );
    return () => {
      cancelled = true;
    };
  }, [signedIn]);
  return livemode;
}
