// Original file: evalplan/v1/wizard.proto

import type { WizardRef as _evalplan_v1_WizardRef, WizardRef__Output as _evalplan_v1_WizardRef__Output } from '../../evalplan/v1/WizardRef';

export interface SetPdfUrlRequest {
  'wizard'?: (_evalplan_v1_WizardRef | null);
  'pdfUrl'?: (string);
  'renderedStepsJson'?: (string);
}

export interface SetPdfUrlRequest__Output {
  'wizard': (_evalplan_v1_WizardRef__Output | null);
  'pdfUrl': (string);
  'renderedStepsJson': (string);
}
