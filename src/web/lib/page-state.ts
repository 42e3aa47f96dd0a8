/**
 * A page the server rendered hands the browser what it was rendered from (its data, language and
 * texts) in one JSON script element; the page's entry reads it to take the page over.
 */
export const PAGE_STATE_ELEMENT_ID = "page-state";

export function readPageState<State>(): State {
  const element = document.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!element?.textContent) throw new Error("This page was not rendered by the server");
  return JSON.parse(element.textContent) as State;
}
