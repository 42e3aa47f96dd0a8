import type { ReactNode } from "react";
import { TopBar } from "./top-bar";
import { TooltipProvider } from "./ui/tooltip";
import { VerifyEmailBanner } from "./verify-email-banner";

/**
 * Top bar and the page's <main> landmark (the skip link's target). The tooltip provider lives here,
 * with the top bar whose signed-in buttons use tooltips: every page in the shell (the signed-in ones
 * and the 404 page, which a signed-in seller sees with the full top bar) has it.
 */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <TooltipProvider>
      <div className="flex min-h-dvh flex-col">
        <TopBar />
        <VerifyEmailBanner />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto flex w-full max-w-7xl flex-1 flex-col px-4 py-6 outline-none sm:px-6 lg:py-10"
        >
          {children}
        </main>
      </div>
    </TooltipProvider>
  );
}
