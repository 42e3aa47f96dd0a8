import { useCallback } from "react";
import { useSearchParams } from "react-router";

const PAGE_PARAM = "page";

/** The page (1-based) lives in the address next to the tab (?tab=orders&page=2), so a reload keeps it. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get(PAGE_PARAM));
  const page = Number.isInteger(requested) && requested > 1 ? requested : 1;
  const setPage = useCallback(
    (next: number) =>
      setParams(
        (current) => {
          if (next > 1) current.set(PAGE_PARAM, String(next));
          else current.delete(PAGE_PARAM);
          return current;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [page, setPage];
}
