// Original file: evalplan/v2/wizard.proto


export interface WizardStatus {
  'currentStep'?: (number);
  'isComplete'?: (boolean);
  'stepsJson'?: (string);
}

export interface WizardStatus__Output {
  'currentStep': (number);
  'isComplete': (boolean);
  'stepsJson': (string);
}
