import { SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { PageTitle } from "../../../components/page-title";

/** A store or order that does not exist or is not yours (the server answers 404 for both). */
export function MissingState({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-5 py-16 text-center">
      <PageTitle title={title} />
      <span className="flex size-16 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <SearchX aria-hidden="true" className="size-8" />
      </span>
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="max-w-md text-muted-foreground">{text}</p>
      </div>
      {action}
    </div>
  );
}
