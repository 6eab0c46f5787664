import { AppError } from '@evalplan/common/errors';
import type { CustomTemplateRequest } from '../domain/generate-request';
import type { TemplateData } from '../domain/template-data';
import { executeTemplate, type ParsedTemplate, parseTemplate, TemplateError } from './go-template';
import { checkFilledDocument, checkTemplate, UnsafeTemplateError } from './sanitize';

function invalidTemplate(error: unknown): never {
  if (error instanceof UnsafeTemplateError) throw new AppError('INVALID_PDF_TEMPLATE', error.message, { field: `template.${error.field}` });
  if (error instanceof TemplateError) {
    throw new AppError('INVALID_PDF_TEMPLATE', `The template could not be read: ${error.message}.`, { field: 'template.html' });
  }
  // Deep enough nesting overflows a recursive parser: still the template's fault, not ours.
  if (error instanceof RangeError) {
    throw new AppError('INVALID_PDF_TEMPLATE', 'The template is nested too deeply.', { field: 'template.html' });
  }
  throw error;
}

/**
 * A caller's {html, css} template, checked twice: as sent (size, syntax,
 * anything that could run script or fetch), and once filled with the plan,
 * because a value that is harmless as text (an entered "javascript:…") is
 * escaped but could still end up as a link target. The css is used as sent;
 * dates show in the template's time zone (UTC unless it names one).
 */
export class CustomTemplate {
  private constructor(
    private readonly html: ParsedTemplate,
    private readonly css: string,
    /** formatDate shows dates in it. */
    private readonly timeZone: string,
  ) {}

  /** Throws INVALID_PDF_TEMPLATE (details.field template.html or template.css) for anything we would not render. */
  static prepare(template: CustomTemplateRequest): CustomTemplate {
    try {
      checkTemplate(template);
      return new CustomTemplate(parseTemplate(template.html), template.css, template.timeZone ?? 'UTC');
    } catch (error) {
      return invalidTemplate(error);
    }
  }

  /** The complete HTML document for the renderer. */
  fill(data: TemplateData): string {
    try {
      return checkFilledDocument(executeTemplate(this.html, data, this.timeZone), this.css);
    } catch (error) {
      return invalidTemplate(error);
    }
  }
}
