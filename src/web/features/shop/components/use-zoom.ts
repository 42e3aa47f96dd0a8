import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";

/** docs/product-spec.md 9: zoom from 1 to 4 in steps of 0.5; a product with a marker opens at 2.8, centred on it. */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;
export const ZOOM_STEP = 0.5;
export const MARKER_ZOOM = 2.8;

export interface View {
  scale: number;
  x: number;
  y: number;
}

interface Size {
  width: number;
  height: number;
}

const clampScale = (scale: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, scale));

/** The next step up or down on the 0.5 grid, so 2.8 goes to 3 or 2.5. */
export function stepZoom(scale: number, direction: 1 | -1): number {
  const grid = scale / ZOOM_STEP;
  const next = direction > 0 ? Math.floor(grid + 1e-6) + 1 : Math.ceil(grid - 1e-6) - 1;
  return clampScale(next * ZOOM_STEP);
}

/** The largest box of the photo's shape that fits the frame. */
function fitStage(frame: Size, natural: Size): Size {
  const scale = Math.min(frame.width / natural.width, frame.height / natural.height);
  return { width: natural.width * scale, height: natural.height * scale };
}

/** Keeps the photo over the frame: no panning past its edges, centred on an axis where it is smaller. */
function clampView(view: View, frame: Size, stage: Size): View {
  const scale = clampScale(view.scale);
  const maxX = Math.max(0, (stage.width * scale - frame.width) / 2);
  const maxY = Math.max(0, (stage.height * scale - frame.height) / 2);
  return {
    scale,
    x: Math.min(maxX, Math.max(-maxX, view.x)),
    y: Math.min(maxY, Math.max(-maxY, view.y)),
  };
}

/** Zooms to `scale` keeping the point `at` (relative to the frame's centre) where it is. */
function zoomAt(view: View, scale: number, at: { x: number; y: number }): View {
  const next = clampScale(scale);
  const ratio = next / view.scale;
  return { scale: next, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio };
}

const RESET: View = { scale: ZOOM_MIN, x: 0, y: 0 };

/** Where the marker sits in the photo, in percent of its width and height. */
type Coordinates = { x: number; y: number } | null;

/**
 * The zoom viewer's view: the frame and photo sizes, the scale and offset, and the gestures that change
 * them (wheel, drag, pinch, double-click, keys), each kept inside the photo. `viewing` names the product
 * and photo shown: a new one starts from scratch, and opens on the marker when it has one.
 */
export function useZoom(viewing: string | null, coordinates: Coordinates) {
  const frameRef = useRef<HTMLDivElement>(null);
  const [frame, setFrame] = useState<Size | null>(null);
  const [natural, setNatural] = useState<Size | null>(null);
  const [view, setView] = useState<View>(RESET);
  const [gesturing, setGesturing] = useState(false);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const placedFor = useRef<string | null>(null);

  const stage = frame && natural ? fitStage(frame, natural) : null;

  useEffect(() => {
    if (viewing === null) return;
    setNatural(null);
    setView(RESET);
    placedFor.current = null;
  }, [viewing]);

  const measure = useCallback(() => {
    const node = frameRef.current;
    if (node) setFrame({ width: node.clientWidth, height: node.clientHeight });
  }, []);

  const frameCallbackRef = useCallback(
    (node: HTMLDivElement | null) => {
      frameRef.current = node;
      if (!node) return;
      measure();
      const observer = new ResizeObserver(measure);
      observer.observe(node);
      return () => observer.disconnect();
    },
    [measure],
  );

  // Once the photo and the frame are known: the marker zoom, centred on the marker.
  useEffect(() => {
    if (!frame || !stage || !viewing || placedFor.current === viewing) return;
    placedFor.current = viewing;
    if (!coordinates) {
      setView(RESET);
      return;
    }
    const point = {
      x: (coordinates.x / 100 - 0.5) * stage.width,
      y: (coordinates.y / 100 - 0.5) * stage.height,
    };
    setView(
      clampView({ scale: MARKER_ZOOM, x: -point.x * MARKER_ZOOM, y: -point.y * MARKER_ZOOM }, frame, stage),
    );
  }, [frame, stage, viewing, coordinates]);

  const update = useCallback(
    (change: (view: View) => View) => {
      setView((current) => (frame && stage ? clampView(change(current), frame, stage) : current));
    },
    [frame, stage],
  );

  const zoomBy = (direction: 1 | -1) =>
    update((v) => zoomAt(v, stepZoom(v.scale, direction), { x: 0, y: 0 }));
  const reset = () => setView(RESET);

  /** A point of the page as an offset from the frame's centre. */
  const fromCentre = (clientX: number, clientY: number) => {
    const rect = frameRef.current?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    return { x: clientX - rect.left - rect.width / 2, y: clientY - rect.top - rect.height / 2 };
  };

  // Wheel zoom needs a listener that may cancel the page's own scrolling, which React's onWheel cannot.
  useEffect(() => {
    const node = frameRef.current;
    if (!node) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const factor = Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.002));
      const rect = node.getBoundingClientRect();
      const at = {
        x: event.clientX - rect.left - rect.width / 2,
        y: event.clientY - rect.top - rect.height / 2,
      };
      update((v) => zoomAt(v, v.scale * factor, at));
    };
    node.addEventListener("wheel", onWheel, { passive: false });
    return () => node.removeEventListener("wheel", onWheel);
  }, [update]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    setGesturing(true);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    const others = [...pointers.current.entries()].filter(([id]) => id !== event.pointerId);
    const current = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, current);
    const other = others[0]?.[1];
    if (other) {
      // Pinch: scale by the change in finger distance, about the point between the fingers.
      const before = Math.hypot(previous.x - other.x, previous.y - other.y);
      const after = Math.hypot(current.x - other.x, current.y - other.y);
      if (before < 1) return;
      const mid = fromCentre((current.x + other.x) / 2, (current.y + other.y) / 2);
      const shift = { x: (current.x - previous.x) / 2, y: (current.y - previous.y) / 2 };
      update((v) => {
        const zoomed = zoomAt(v, v.scale * (after / before), mid);
        return { ...zoomed, x: zoomed.x + shift.x, y: zoomed.y + shift.y };
      });
      return;
    }
    update((v) => ({ ...v, x: v.x + current.x - previous.x, y: v.y + current.y - previous.y }));
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) setGesturing(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    const pan = 48;
    const actions: Record<string, () => void> = {
      "+": () => zoomBy(1),
      "=": () => zoomBy(1),
      "-": () => zoomBy(-1),
      _: () => zoomBy(-1),
      "0": reset,
      ArrowLeft: () => update((v) => ({ ...v, x: v.x + pan })),
      ArrowRight: () => update((v) => ({ ...v, x: v.x - pan })),
      ArrowUp: () => update((v) => ({ ...v, y: v.y + pan })),
      ArrowDown: () => update((v) => ({ ...v, y: v.y - pan })),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const onDoubleClick = (event: MouseEvent<HTMLDivElement>) => {
    const at = fromCentre(event.clientX, event.clientY);
    update((v) => (v.scale > ZOOM_MIN ? RESET : zoomAt(v, MARKER_ZOOM, at)));
  };

  return {
    frameCallbackRef,
    view,
    gesturing,
    stage,
    setNatural,
    zoomBy,
    reset,
    onPointerDown,
    onPointerMove,
    onPointerEnd,
    onKeyDown,
    onDoubleClick,
  };
}
