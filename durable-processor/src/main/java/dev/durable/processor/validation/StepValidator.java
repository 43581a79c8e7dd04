package dev.durable.processor.validation;

import dev.durable.annotations.Backoff;
import dev.durable.processor.messages.ContractMessages;
import dev.durable.processor.messages.Message;
import dev.durable.processor.messages.RouteMessages;
import dev.durable.processor.messages.StepMessages;
import dev.durable.processor.reading.Attribute;
import dev.durable.processor.reading.StepAnnotation;
import dev.durable.processor.reading.TypeNames;
import java.util.List;
import java.util.regex.Pattern;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The rules on one {@code @Step} method of a {@code @Workflow} class: its attributes (reported on
 * the attribute's value), its modifiers, its parameters and result, and its {@code nonRetryable}
 * exceptions. Step names are checked by {@link WorkflowValidator}, which sees all steps at once.
 */
final class StepValidator {
  private static final Pattern QUEUE_NAME = Pattern.compile("[A-Za-z0-9._-]{1,100}");

  private final Elements elements;
  private final Types types;
  private final StorableTypes storable;
  private final AccessibleTypes accessible;

  StepValidator(ProcessingEnvironment env, StorableTypes storable) {
    this.elements = env.getElementUtils();
    this.types = env.getTypeUtils();
    this.storable = storable;
    this.accessible = new AccessibleTypes(elements);
  }

  /** The rules on {@code method}, a {@code @Step} method of a {@code @Workflow} class. */
  void validate(ExecutableElement method, StepAnnotation step, ValidationReport report) {
    attributes(method, step, false, report);
    warnings(method, step, false, report);
    modifiers(method, report);
    signature(method, false, report);
    nonRetryable(method, step, report);
  }

  /**
   * The rules on an abstract {@code @Step} method of a step contract, which workers serve: the
   * same attributes, except that {@code pickupTimeoutMs} is allowed with a {@code timeoutMs}, and
   * the same signature, except that it takes no {@code StepContext}.
   */
  void validateRemote(ExecutableElement method, StepAnnotation step, ValidationReport report) {
    attributes(method, step, true, report);
    warnings(method, step, true, report);
    signature(method, true, report);
    nonRetryable(method, step, report);
  }

  private void attributes(
      ExecutableElement method, StepAnnotation step, boolean remote, ValidationReport report) {
    int retries = step.retries().value();
    if (retries < 1) {
      error(report, method, step, step.retries(), StepMessages.stepRetries(retries));
    }
    long backoffMs = step.backoffMs().value();
    long backoffMaxMs = step.backoffMaxMs().value();
    long timeoutMs = step.timeoutMs().value();
    long pickupTimeoutMs = step.pickupTimeoutMs().value();
    if (backoffMs < 0) {
      error(report, method, step, step.backoffMs(), StepMessages.stepBackoffNegative(backoffMs));
    }
    if (backoffMaxMs < 0) {
      error(report, method, step, step.backoffMaxMs(),
          StepMessages.stepBackoffMaxNegative(backoffMaxMs));
    } else if (backoffMaxMs > 0 && backoffMaxMs < backoffMs) {
      error(report, method, step, step.backoffMaxMs(),
          StepMessages.stepBackoffMaxBelowBase(backoffMaxMs, backoffMs));
    }
    if (timeoutMs < 0) {
      error(report, method, step, step.timeoutMs(), StepMessages.stepTimeoutNegative(timeoutMs));
    }
    if (pickupTimeoutMs < 0) {
      error(report, method, step, step.pickupTimeoutMs(),
          StepMessages.stepPickupTimeoutNegative(pickupTimeoutMs));
    }
    long redispatchMs = step.remoteRedispatchMs().value();
    int redispatchMax = step.remoteRedispatchMax().value();
    if (remote) {
      if (redispatchMs < 0) {
        error(report, method, step, step.remoteRedispatchMs(),
            ContractMessages.contractRedispatchNegative(redispatchMs));
      }
      if (redispatchMs == 0 && step.remoteRedispatchMax().isWritten()) {
        // without a lease no task is given up as lost: the count would never be consulted
        error(report, method, step, step.remoteRedispatchMax(),
            ContractMessages.contractRedispatchMaxWithoutLease(
                redispatchMax, Describe.method(method)));
      } else if (redispatchMax < 1) {
        error(report, method, step, step.remoteRedispatchMax(),
            ContractMessages.contractRedispatchMax(redispatchMax));
      }
    } else {
      for (Attribute<?> attribute : List.of(step.remoteRedispatchMs(), step.remoteRedispatchMax())) {
        if (attribute.isWritten()) {
          error(report, method, step, attribute,
              ContractMessages.stepRedispatchLocal(attribute.name(), Describe.method(method)));
        }
      }
    }
    if (remote && !step.compensate().value().isEmpty()) {
      error(report, method, step, step.compensate(),
          RouteMessages.contractCompensate(Describe.method(method)));
    }
    String queue = step.queue().value();
    if (remote && !queue.isEmpty()) {
      error(report, method, step, step.queue(),
          ContractMessages.contractQueue(Describe.method(method)));
    } else if (!queue.isEmpty() && !QUEUE_NAME.matcher(queue).matches()) {
      error(report, method, step, step.queue(), ContractMessages.stepQueueName(queue));
    }
    if (remote) {
      if (pickupTimeoutMs > 0 && timeoutMs == 0) {
        error(report, method, step, step.pickupTimeoutMs(),
            ContractMessages.contractPickupWithoutTimeout(
                pickupTimeoutMs, Describe.method(method)));
      }
    } else if (pickupTimeoutMs != 0) { // every @Step of a @Workflow class runs locally
      error(report, method, step, step.pickupTimeoutMs(),
          StepMessages.stepPickupTimeoutLocal(pickupTimeoutMs, Describe.method(method)));
    }
  }

  /**
   * Backoff settings that cannot have an effect: on a step that is never retried, and on a contract
   * step with a liveness window, whose expired windows dispatch again at once and whose reported
   * errors are not retried (the engine's {@code TurnImpl.timedOut} and {@code outcome}).
   */
  private void warnings(
      ExecutableElement method, StepAnnotation step, boolean remote, ValidationReport report) {
    boolean unusedJitter = false;
    long window = remote ? step.timeoutMs().value() : 0;
    if (window > 0 || step.retries().value() == 1) {
      // the attributes that shape the delay between attempts, in declaration order
      for (Attribute<?> attribute :
          List.of(step.backoff(), step.backoffMs(), step.backoffMaxMs(), step.jitter())) {
        if (attribute.isWritten()) {
          String shown =
              attribute.value() instanceof Backoff backoff
                  ? "Backoff." + backoff.name()
                  : String.valueOf(attribute.value());
          if (window > 0) { // raising retries would not help either: say why
            report.warning(method, step.mirror(), attribute.written(),
                ContractMessages.contractBackoffUnused(
                    attribute.name(), shown, Describe.method(method), window));
          } else {
            report.warning(method, step.mirror(), attribute.written(),
                StepMessages.stepBackoffUnused(attribute.name(), shown));
          }
          unusedJitter |= attribute == step.jitter();
        }
      }
    }
    if (!unusedJitter && step.jitter().value() && step.backoffMs().value() == 0) {
      report.warning(method, step.mirror(), step.jitter().written(),
          StepMessages.stepJitterWithoutDelay());
    }
  }

  private void modifiers(ExecutableElement method, ValidationReport report) {
    for (Modifier modifier : List.of(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)) {
      if (method.getModifiers().contains(modifier)) {
        report.error(method, StepMessages.stepModifier(Describe.method(method), modifier));
      }
    }
  }

  private void signature(ExecutableElement method, boolean remote, ValidationReport report) {
    boolean generic = !method.getTypeParameters().isEmpty();
    if (generic) {
      report.error(
          method,
          StepMessages.stepGeneric(Describe.method(method),
              Describe.typeParameters(method.getTypeParameters())));
    }
    String step = "step " + method.getSimpleName();
    List<? extends VariableElement> parameters = method.getParameters();
    for (int i = 0; i < parameters.size(); i++) {
      VariableElement parameter = parameters.get(i);
      TypeMirror type = parameter.asType();
      if (TypeNames.is(type, TypeNames.STEP_CONTEXT)) {
        if (remote) {
          report.error(
              parameter,
              ContractMessages.contractStepContext(Describe.method(method),
                  Describe.type(method.getEnclosingElement()),
                  parameter.getSimpleName()));
        } else if (i > 0) {
          report.error(
              parameter,
              StepMessages.stepContextPosition(Describe.method(method),
                  parameter.getSimpleName(),
                  i + 1));
        }
      } else if (TypeNames.is(type, TypeNames.WORKFLOW_CONTEXT)) {
        report.error(
            parameter,
            StepMessages.stepWorkflowContext(Describe.method(method),
                parameter.getSimpleName()));
      } else {
        String position = step + " parameter '" + parameter.getSimpleName() + "'";
        accessible.check(type, method, parameter, position, report);
        if (!generic) { // a generic step's type variables are reported above, once
          for (StorableTypes.Problem problem : storable.problemsOf(type)) {
            problem.reportOn(report, parameter, position);
          }
        }
      }
    }
    accessible.check(method.getReturnType(), method, method, step + " result", report);
    if (!generic && method.getReturnType().getKind() != TypeKind.VOID) {
      for (StorableTypes.Problem problem : storable.problemsOf(method.getReturnType())) {
        problem.reportOn(report, method, step + " result");
      }
    }
  }

  /**
   * A checked exception listed in {@code nonRetryable} must be one the method can throw: a subtype
   * or supertype of a type in its throws clause. Unchecked exceptions, and {@code Exception} and
   * {@code Throwable} (which include them), can always be thrown.
   */
  private void nonRetryable(
      ExecutableElement method, StepAnnotation step, ValidationReport report) {
    for (Attribute<TypeMirror> listed : step.nonRetryable()) {
      TypeMirror exception = listed.value();
      if (exception.getKind() != TypeKind.DECLARED) {
        continue; // an unresolved class: javac reports it
      }
      if (isChecked(exception) && !canThrow(method, exception)) {
        report.error(
            method,
            step.mirror(),
            listed.written(),
            StepMessages.stepNonRetryableNotThrown(Describe.typeMirror(exception),
                Describe.method(method)));
      }
    }
  }

  private boolean isChecked(TypeMirror exception) {
    TypeMirror runtimeException = type("java.lang.RuntimeException");
    TypeMirror error = type("java.lang.Error");
    return !types.isSubtype(exception, runtimeException)
        && !types.isSubtype(exception, error)
        && !types.isSubtype(runtimeException, exception)
        && !types.isSubtype(error, exception);
  }

  private boolean canThrow(ExecutableElement method, TypeMirror exception) {
    for (TypeMirror thrown : method.getThrownTypes()) {
      if (types.isSubtype(exception, thrown) || types.isSubtype(thrown, exception)) {
        return true;
      }
    }
    return false;
  }

  private TypeMirror type(String qualifiedName) {
    return elements.getTypeElement(qualifiedName).asType();
  }

  /** An error on the attribute's value when it was written, else on the annotation. */
  private static void error(
      ValidationReport report,
      ExecutableElement method,
      StepAnnotation step,
      Attribute<?> attribute,
      Message message) {
    report.error(method, step.mirror(), attribute.written(), message);
  }
}
