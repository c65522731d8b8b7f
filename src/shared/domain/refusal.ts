/** Why a rule said no: a stable code for programs, a French title and message for people. */
export interface Refusal<Code extends string = string> {
  code: Code;
  title: string;
  message: string;
}
