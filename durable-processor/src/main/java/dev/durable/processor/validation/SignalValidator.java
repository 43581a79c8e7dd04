package dev.durable.processor.validation;

import dev.durable.processor.messages.SignalMessages;
import dev.durable.processor.reading.TypeNames;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;

/**
 * The rules on one {@code @Signal} method of a {@code @Workflow} class: its modifiers (the
 * generated subclass overrides it), its parameters (none, or one {@code java.time.Duration}) and
 * its stored, non-void result. Signal names, unique among the workflow's steps and signals, are
 * checked by {@link WorkflowValidator}, which sees them all at once.
 */
final class SignalValidator {
  private final StorableTypes storable;
  private final AccessibleTypes accessible;

  SignalValidator(StorableTypes storable, AccessibleTypes accessible) {
    this.storable = storable;
    this.accessible = accessible;
  }

  /** The generated client's own methods, whose names its send methods cannot take. */
  private static final Set<String> CLIENT_METHODS = Set.of("of", "start", "get", "continueAsNew");

  /** The one parameter a signal may take: how long to wait. */
  private static final String DURATION = "java.time.Duration";

  void validate(ExecutableElement method, ValidationReport report) {
    String described = Describe.method(method);
    if (CLIENT_METHODS.contains(method.getSimpleName().toString())) {
      report.error(method, SignalMessages.signalClientName(described, method.getSimpleName()));
    }
    for (Modifier modifier : List.of(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)) {
      if (method.getModifiers().contains(modifier)) {
        report.error(method, SignalMessages.signalModifier(described, modifier));
      }
    }
    boolean generic = !method.getTypeParameters().isEmpty();
    if (generic) {
      report.error(method, SignalMessages.signalGeneric(described,
              Describe.typeParameters(method.getTypeParameters())));
    }
    List<? extends VariableElement> parameters = method.getParameters();
    if (parameters.size() > 1) {
      report.error(method, SignalMessages.signalParameters(described, parameters.size()));
    } else if (parameters.size() == 1 && !TypeNames.is(parameters.get(0).asType(), DURATION)) {
      VariableElement parameter = parameters.get(0);
      report.error(parameter, SignalMessages.signalParameterType(described,
              parameter.getSimpleName(), Describe.typeMirror(parameter.asType())));
    }
    if (method.getReturnType().getKind() == TypeKind.VOID) {
      report.error(method, SignalMessages.signalVoid(described));
      return;
    }
    String position = "signal " + method.getSimpleName() + " value";
    accessible.check(method.getReturnType(), method, method, position, report);
    if (!generic) { // a generic signal's type variables are reported above, once
      for (StorableTypes.Problem problem : storable.problemsOf(method.getReturnType())) {
        problem.reportOn(report, method, position);
      }
    }
  }
}
