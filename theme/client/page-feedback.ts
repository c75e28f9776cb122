/** The PostHog-compatible handle theme/client/analytics.ts installs when analytics is configured. */
type Capture = (event: string, properties: Record<string, string>) => void;

/**
 * "Was this page helpful?" (theme/components/PageFeedback.tsx): the answer is sent at once as a
 * `docs_feedback` event; the optional comment follows as a second one. The reader's choice stays
 * pressed, and the thanks are announced.
 */
export function init(form: HTMLElement): void {
  const capture: Capture = (event, properties) =>
    (window as { posthog?: { capture: Capture } }).posthog?.capture(event, properties);
  const more = form.querySelector<HTMLElement>('.page-feedback-more')!;
  const thanks = form.querySelector<HTMLElement>('.page-feedback-thanks')!;
  const page = () => location.pathname;
  let helpful = '';
  for (const answer of form.querySelectorAll<HTMLButtonElement>('button[name="helpful"]')) {
    answer.addEventListener('click', () => {
      helpful = answer.value;
      for (const b of form.querySelectorAll('button[name="helpful"]'))
        b.setAttribute('aria-pressed', String(b === answer));
      capture('docs_feedback', { helpful, page: page() });
      more.hidden = false;
      thanks.textContent = thanks.dataset.thanks!;
    });
  }
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const comment = form.querySelector<HTMLTextAreaElement>('textarea')!.value.trim();
    if (comment) capture('docs_feedback_comment', { helpful, comment, page: page() });
    more.hidden = true;
  });
}
