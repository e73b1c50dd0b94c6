import { useEffect, useState } from "react";
import { api } from "@/ui/api";
import { useApiErrorHandler } from "@/ui/use-api-error";
import { canShift, overlayResolution, readingsQuery, shiftPeriod, type ChartOptions, type ChartState, type Overlay } from "./chart-state";
import type { ChartReadings } from "./chart-data";

/** What one chart shows: the readings of its series and of each overlay. */
export interface ChartBundle {
  main: ChartReadings;
  overlays: { overlay: Overlay; readings: ChartReadings }[];
}

/** Fetched charts are kept a minute (spec §9: unused data kept 60 seconds), so stepping back and forth is instant. */
const KEEP_MS = 60_000;
const cache = new Map<string, { at: number; promise: Promise<ChartBundle>; value?: ChartBundle }>();

export function bundleKey(state: ChartState): string {
  return [readingsQuery(state), ...state.overlays.map((o) => readingsQuery(state, o, overlayResolution(o, state.resolution), false))].join("|");
}

function cached(key: string): ChartBundle | undefined {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at > KEEP_MS) {
    cache.delete(key);
    return undefined;
  }
  return hit?.value;
}

function remember(key: string, value: ChartBundle) {
  cache.set(key, { at: Date.now(), promise: Promise.resolve(value), value });
}

function loadBundle(state: ChartState): Promise<ChartBundle> {
  const key = bundleKey(state);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at <= KEEP_MS) return hit.promise;
  const get = (q: string) => api<ChartReadings>(`/api/charts/readings?${q}`);
  const promise = Promise.all([get(readingsQuery(state)), ...state.overlays.map((o) => get(readingsQuery(state, o, overlayResolution(o, state.resolution), false)))]).then(([main, ...rest]) => {
    const bundle = { main, overlays: rest.map((readings, i) => ({ overlay: state.overlays[i], readings })) };
    const entry = cache.get(key);
    if (entry) entry.value = bundle;
    return bundle;
  });
  cache.set(key, { at: Date.now(), promise });
  promise.catch(() => cache.delete(key));
  while (cache.size > 40) cache.delete(cache.keys().next().value!);
  return promise;
}

/**
 * The chart of a state: `key` is the state's, `display` the chart to show (the state's when it is
 * at hand, else the one shown before while the state's loads), `busy` while it is another state's,
 * `failed` the key whose loading failed. The first chart comes with the page; the neighbouring
 * periods are fetched ahead.
 */
export function useChartBundle(state: ChartState, options: ChartOptions, initialState: ChartState, initial: ChartBundle | null) {
  const onError = useApiErrorHandler();
  const key = bundleKey(state);

  const [shown, setShown] = useState<{ key: string; bundle: ChartBundle } | null>(() => {
    if (!initial) return null;
    const initialKey = bundleKey(initialState);
    remember(initialKey, initial);
    return { key: initialKey, bundle: initial };
  });
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    loadBundle(state).then(
      (bundle) => {
        if (!live) return;
        setShown({ key, bundle });
        setFailed(null);
        // The neighbouring periods are fetched ahead, so the previous/next buttons answer at once.
        for (const direction of [-1, 1] as const) {
          if (canShift(state, direction, options)) void loadBundle({ ...state, ...shiftPeriod(state, direction) }).catch(() => {});
        }
      },
      (error) => {
        if (!live) return;
        setFailed(key);
        onError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [key, state, options, onError]);

  // A chart fetched before (a neighbour fetched ahead, or one seen a moment ago) shows at once.
  const ready = cached(key);
  const display = ready ? { key, bundle: ready } : shown;
  const busy = !!display && display.key !== key && failed !== key;
  return { key, display, busy, failed };
}
