import { CircleAlert, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { SLUG_PATTERN } from "../../../../shared/slug";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { useDebouncedValue } from "../../../hooks/use-debounced-value";
import { useTranslation } from "../../../lib/i18n";
import { useSlugAvailability } from "../api";
import { storefrontPrefix } from "./slug-input";

/** A taken slug the server refused on save (409), with its free alternative. */
export interface SlugConflict {
  slug: string;
  message: string;
  suggestion: string | null;
}

interface SlugStatusProps {
  id: string;
  slug: string;
  /** The store's own current slug: not "taken" for this store, so not checked. */
  ownSlug?: string;
  conflict?: SlugConflict | null;
  onUseSuggestion: (slug: string) => void;
}

function Suggestion({ slug, onUse }: { slug: string; onUse: (slug: string) => void }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5">
      {t("stores.slugSuggestion", { url: `${storefrontPrefix()}${slug}` })}
      <Button
        variant="link"
        size="sm"
        className="h-auto p-0 text-sm"
        onClick={() => onUse(slug)}
        aria-label={t("stores.useSuggestionNamed", { slug })}
      >
        {t("stores.useSuggestion")}
      </Button>
    </span>
  );
}

/**
 * Live availability of a store URL (checked 400 ms after typing stops), in a polite live region so
 * screen readers hear the outcome. A taken URL offers a free one.
 */
export function SlugStatus({ id, slug, ownSlug, conflict, onUseSuggestion }: SlugStatusProps) {
  const { t } = useTranslation();
  const debounced = useDebouncedValue(slug, 400);
  const checkable = SLUG_PATTERN.test(debounced) && debounced !== ownSlug;
  const availability = useSlugAvailability(checkable ? debounced : "");
  const settling = slug !== debounced || (checkable && availability.isFetching);

  let content: ReactNode = null;
  if (conflict && conflict.slug === slug) {
    content = (
      <>
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-error" />
        <span className="grid gap-0.5">
          <span className="font-medium text-error">{conflict.message}</span>
          {conflict.suggestion && <Suggestion slug={conflict.suggestion} onUse={onUseSuggestion} />}
        </span>
      </>
    );
  } else if (!SLUG_PATTERN.test(slug) || slug === ownSlug) {
    content = null;
  } else if (settling) {
    content = (
      <>
        <Spinner className="mt-0.5 shrink-0" />
        <span>{t("stores.slugChecking")}</span>
      </>
    );
  } else if (availability.data?.available) {
    content = (
      <>
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>{t("stores.slugAvailable")}</span>
      </>
    );
  } else if (availability.data) {
    content = (
      <>
        <CircleAlert
          aria-hidden="true"
          className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400"
        />
        <span className="grid gap-0.5">
          <span className="font-medium">{t("stores.slugTaken")}</span>
          {availability.data.suggestion && (
            <Suggestion slug={availability.data.suggestion} onUse={onUseSuggestion} />
          )}
        </span>
      </>
    );
  }

  return (
    <div
      id={id}
      aria-live="polite"
      className="flex items-start gap-2 text-sm text-muted-foreground empty:-mt-2"
    >
      {content}
    </div>
  );
}
