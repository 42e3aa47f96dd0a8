import { useCallback } from "react";
import { useSearchParams } from "react-router";

/** The page (1-based) of a paged list lives in the address (?tab=orders&page=2), so a reload keeps it. */
export const PAGE_PARAM = "page";

/** A list's filter changed: it starts again at its first page (the address names no page). */
export function backToFirstPage(params: URLSearchParams): URLSearchParams {
  params.delete(PAGE_PARAM);
  return params;
}

/** The page named in the address; setting page 1 removes it, so the plain address is the first page. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get(PAGE_PARAM));
  const page = Number.isInteger(requested) && requested > 1 ? requested : 1;
  const setPage = useCallback(
    (next: number) =>
      setParams(
        (current) => {
          if (next > 1) current.set(PAGE_PARAM, String(next));
          else backToFirstPage(current);
          return current;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [page, setPage];
}
