import type { ReactNode } from "react";
import { TopBar } from "./top-bar";

/** Top bar and the page's <main> landmark (the skip link's target). */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-7xl flex-1 flex-col px-4 py-6 outline-none sm:px-6 lg:py-10"
      >
        {children}
      </main>
    </div>
  );
}
