import { Spinner } from "../../components/ui/spinner";
import { useTranslation } from "../../lib/i18n";
import { StepFrame } from "./components/step-frame";
import { AnalysisStep } from "./steps/analysis-step";
import type { FrameProps } from "./steps/frame-props";
import { RegisterStep } from "./steps/register-step";
import { StoreStep } from "./steps/store-step";
import { SuccessStep } from "./steps/success-step";
import { UploadMultipleStep } from "./steps/upload-multiple-step";
import { UploadStep } from "./steps/upload-step";
import { useQuickCreate } from "./use-quick-create";
import { validateDraft } from "./validation";

/**
 * docs/product-spec.md 2.14 and decision 0005: upload, analysis, store, register (signed out only), success; public to
 * the end. The page is a switch over the machine's step (machine.ts, decision 0028); what each action
 * does is use-quick-create.ts.
 */
export function QuickCreateFlow() {
  const { t } = useTranslation();
  const { state, actions, creating, registering, withAccount } = useQuickCreate();
  const { draft } = state;
  const step = draft.step;

  const frame: FrameProps = { withAccount, focusHeading: state.moves > 0, onBack: actions.back };

  if (state.finishing) {
    return (
      <StepFrame
        {...frame}
        onBack={undefined}
        step="store"
        centered
        width="narrow"
        title={t("quickCreate.finishing.title")}
      >
        <p role="status" className="flex items-center justify-center gap-2 text-muted-foreground">
          <Spinner className="size-5 text-primary" />
          {t("quickCreate.finishing.text")}
        </p>
      </StepFrame>
    );
  }

  switch (step) {
    case "upload-multiple":
      return (
        <UploadMultipleStep
          frame={frame}
          products={draft.products}
          files={state.files}
          rejections={state.rejections}
          onAddFiles={actions.addFiles}
          onRemoveFile={actions.removeFile}
          onRemoveProduct={actions.removeProduct}
          onNext={actions.analyzeMultiple}
        />
      );
    case "analysis":
      return state.run ? <AnalysisStep frame={frame} run={state.run} /> : null;
    case "store":
    case "register": {
      const errors = state.showErrors ? validateDraft(draft) : null;
      if (errors && state.qrTaken) {
        errors.store.qrCode = state.qrTaken;
        errors.count += 1;
      }
      if (step === "register") {
        return (
          <RegisterStep
            frame={frame}
            draft={draft}
            onRegistrationChange={actions.onRegistrationChange}
            onSubmit={actions.register}
            onLogIn={actions.goToLogin}
            pending={registering ? "account" : creating ? "store" : null}
          />
        );
      }
      return (
        <StoreStep
          frame={frame}
          draft={draft}
          errors={errors}
          failures={state.failures}
          onDismissFailures={actions.dismissFailures}
          onProductChange={actions.updateProduct}
          onChoosePhoto={actions.choosePhoto}
          onRemoveProduct={actions.removeProduct}
          onMergeProduct={actions.mergeProduct}
          onStoreChange={actions.updateStore}
          onSubmit={actions.submitStore}
          pending={creating}
        />
      );
    }
    case "success":
      return state.created ? (
        <SuccessStep
          frame={{ ...frame, onBack: undefined }}
          result={state.created.result}
          products={state.created.products}
        />
      ) : null;
    default:
      return (
        <UploadStep
          frame={frame}
          products={draft.products}
          error={state.singleError}
          onFile={actions.analyzeSingle}
          onSwitchToMultiple={actions.switchToMultiple}
          onContinue={actions.continueToStore}
        />
      );
  }
}
