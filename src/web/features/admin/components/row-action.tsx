import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "../../../components/ui/tooltip";
import { cn } from "../../../lib/utils";

type Target =
  | { to: string }
  | { href: string; newTab?: boolean; download?: string }
  | { onClick: () => void };

type RowActionProps = Target & {
  layout: "table" | "card";
  icon: LucideIcon;
  /** The short visible word ("Edit"): the tooltip in the table, the button text on a card. */
  text: string;
  /** The full accessible name ("Edit Alfa Keramikk"); it starts with `text`, so speech input finds it. */
  label: string;
  destructive?: boolean;
};

/** A row's action: an icon with a tooltip in the table, an outlined button with its word on a phone's card. */
export function RowAction({ layout, icon: Icon, text, label, destructive, ...target }: RowActionProps) {
  const inTable = layout === "table";
  const content = (
    <>
      <Icon aria-hidden="true" />
      {!inTable && text}
    </>
  );
  const button = (
    <Button
      asChild={!("onClick" in target)}
      variant={inTable ? "ghost" : "outline"}
      size={inTable ? "icon" : "sm"}
      aria-label={label}
      onClick={"onClick" in target ? target.onClick : undefined}
      className={cn(
        inTable ? "size-9" : "px-2.5",
        destructive && "text-error hover:bg-destructive/10 hover:text-error",
        // On a card the destructive action stands apart, at the far end of the row.
        destructive && !inTable && "ml-auto",
      )}
    >
      {"to" in target ? (
        <Link to={target.to}>{content}</Link>
      ) : "href" in target ? (
        <a
          href={target.href}
          download={target.download}
          target={target.newTab ? "_blank" : undefined}
          rel={target.newTab ? "noopener noreferrer" : undefined}
        >
          {content}
        </a>
      ) : (
        content
      )}
    </Button>
  );
  if (!inTable) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent>{text}</TooltipContent>
    </Tooltip>
  );
}
