import { TEXTS } from '../shared/texts/index.ts';

/**
 * "Was this page helpful?": yes or no, then an optional comment, sent as an analytics event
 * (theme/client/page-feedback.ts). Rendered only where analytics is configured: without it the
 * answer would go nowhere.
 */
export function PageFeedback() {
  return (
    <form className="page-feedback" data-lazy="page-feedback" aria-labelledby="page-feedback-question">
      <p className="page-feedback-question" id="page-feedback-question">
        {TEXTS.feedback.question}
      </p>
      <div className="page-feedback-answers">
        <button type="button" name="helpful" value="yes" aria-pressed="false">
          {TEXTS.feedback.yes}
        </button>
        <button type="button" name="helpful" value="no" aria-pressed="false">
          {TEXTS.feedback.no}
        </button>
      </div>
      <div className="page-feedback-more" hidden>
        <label htmlFor="page-feedback-comment">{TEXTS.feedback.comment}</label>
        <textarea id="page-feedback-comment" name="comment" rows={3} maxLength={1000} />
        <button type="submit">{TEXTS.feedback.send}</button>
      </div>
      <p className="page-feedback-thanks" role="status" data-thanks={TEXTS.feedback.thanks} />
    </form>
  );
}
