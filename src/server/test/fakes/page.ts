/** The fakes' approve/reject page: plain HTML, a heading, the amount and two buttons (decision 0035). */
export function decisionPage(input: {
  title: string;
  brand: string;
  colour: string;
  description: string;
  amountOre: number;
  approveAction: string;
  rejectAction: string;
  approveLabel: string;
  rejectLabel: string;
}) {
  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  const amount = `${Math.trunc(input.amountOre / 100)}.${String(input.amountOre % 100).padStart(2, "0")} NOK`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>${escapeHtml(input.title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f6f6; color: #1a1a1a; }
  main { max-width: 26rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 1px 4px #0002; }
  .brand { color: ${input.colour}; font-weight: 700; font-size: 1.5rem; margin: 0 0 1rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: .5rem 0 1.5rem; }
  .note { color: #555; font-size: .9rem; }
  form { display: inline; }
  button { font: inherit; padding: .75rem 1.25rem; border-radius: 8px; border: 2px solid ${input.colour}; cursor: pointer; margin-right: .5rem; }
  button:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 2px; }
  .approve { background: ${input.colour}; color: #fff; }
  .reject { background: #fff; color: #1a1a1a; }
</style></head>
<body><main>
  <p class="brand">${escapeHtml(input.brand)}</p>
  <h1>${escapeHtml(input.title)}</h1>
  <p>${escapeHtml(input.description)}</p>
  <p class="amount">${amount}</p>
  <form method="post" action="${escapeHtml(input.approveAction)}"><button class="approve" type="submit">${escapeHtml(input.approveLabel)}</button></form>
  <form method="post" action="${escapeHtml(input.rejectAction)}"><button class="reject" type="submit">${escapeHtml(input.rejectLabel)}</button></form>
  <p class="note">A local test stand-in: no money moves.</p>
</main></body></html>`;
}
