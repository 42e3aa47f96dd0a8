/** What every step passes on to its StepFrame from the flow. */
export interface FrameProps {
  withAccount: boolean;
  focusHeading: boolean;
  onBack?: () => void;
}
