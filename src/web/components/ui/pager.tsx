import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef } from "react";
import { formatCount } from "../../../shared/money";
import { useTranslation } from "../../lib/i18n";
import { Button } from "./button";

/** The last page (1-based) of a list of `total` rows; an empty list still has its first page. */
export function lastPageOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * A page past the last one (its last rows deleted, a filter that shrank the list, an old link) moves to
 * the last page that has rows. `total` is undefined until the server's count for this page is known.
 */
export function useStayOnAPageWithRows(
  page: number,
  pageSize: number,
  total: number | undefined,
  onPageChange: (page: number) => void,
) {
  const last = lastPageOf(total ?? 0, pageSize);
  const pastTheEnd = total !== undefined && page > last;
  useEffect(() => {
    if (pastTheEnd) onPageChange(last);
  }, [pastTheEnd, last, onPageChange]);
}

interface PagerProps {
  /** The page shown, 1-based. */
  page: number;
  pageSize: number;
  /** Rows in the whole list, as the server counted them. */
  total: number;
  onPageChange: (page: number) => void;
}

/**
 * Every paged list's pager: "21–40 of 57 · Page 2 of 3" (announced when it changes) with Previous and
 * Next, each disabled at its end of the list. It sits below its list in one container, which it scrolls
 * to after a page change (give the container a top scroll margin for the sticky top bar).
 */
export function Pager({ page, pageSize, total, onPageChange }: PagerProps) {
  const { t, language } = useTranslation();
  const number = (value: number) => formatCount(value, language);
  const pages = lastPageOf(total, pageSize);
  const from = Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(page * pageSize, total);

  const nav = useRef<HTMLElement>(null);
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const pressed = useRef<HTMLButtonElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the new page is the moment to look, not a value read
  useEffect(() => {
    const button = pressed.current;
    pressed.current = null;
    if (!button) return;
    // The new page is read from its top: the list (the pager's container) comes into view when it was
    // scrolled past, as it is after paging from the bottom of a long page.
    const list = nav.current?.parentElement;
    if (list && list.getBoundingClientRect().top < 0) list.scrollIntoView({ block: "start" });
    // Next pressed onto the last page (or Previous onto the first) disabled the button that has the
    // focus, and a disabled button drops it to the page's start: it moves to the other button instead.
    if (button.disabled) (button === next.current ? previous : next).current?.focus({ preventScroll: true });
  }, [page]);

  function go(target: number, button: HTMLButtonElement | null) {
    pressed.current = button;
    onPageChange(target);
  }

  return (
    <nav
      ref={nav}
      aria-label={t("common.pagination.label")}
      className="flex flex-wrap items-center justify-between gap-3"
    >
      <p role="status" aria-atomic="true" className="text-sm text-muted-foreground tabular-nums">
        {t("common.pagination.range", {
          from: number(from),
          to: number(to),
          total: number(total),
        })}
        {pages > 1 && (
          <>
            <span aria-hidden="true"> · </span>
            {t("common.pagination.page", { page: number(page), pages: number(pages) })}
          </>
        )}
      </p>
      {pages > 1 && (
        <div className="flex gap-2">
          <Button
            ref={previous}
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => go(page - 1, previous.current)}
          >
            <ChevronLeft aria-hidden="true" />
            {t("common.pagination.previous")}
          </Button>
          <Button
            ref={next}
            variant="outline"
            size="sm"
            disabled={page >= pages}
            onClick={() => go(page + 1, next.current)}
          >
            {t("common.pagination.next")}
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      )}
    </nav>
  );
}
