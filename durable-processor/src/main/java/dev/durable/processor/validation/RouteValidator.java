package dev.durable.processor.validation;

import dev.durable.processor.messages.Message;
import dev.durable.processor.messages.RouteMessages;
import dev.durable.processor.reading.OnErrorAnnotation;
import dev.durable.processor.reading.RawMethod;
import dev.durable.processor.reading.TypeNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * The rules on a workflow's {@code @OnError} routes: each is callable by the generated subclass,
 * takes an optional {@code WorkflowContext}, the {@code @Run} method's stored inputs in order and an
 * optional {@code RunError}, returns what {@code @Run} returns, and has a code of its own.
 */
final class RouteValidator {
  private final Types types;

  RouteValidator(ProcessingEnvironment env) {
    this.types = env.getTypeUtils();
  }

  /** Checks the routes of one workflow against its {@code @Run} method. */
  void validate(List<RawMethod> routes, ExecutableElement run, ValidationReport report) {
    Map<String, ExecutableElement> codes = new LinkedHashMap<>();
    for (RawMethod method : routes) {
      ExecutableElement route = method.element();
      OnErrorAnnotation onError = method.onError().orElseThrow();
      String described = Describe.method(route);
      for (Modifier modifier : List.of(Modifier.PRIVATE, Modifier.STATIC)) {
        if (route.getModifiers().contains(modifier)) {
          report.error(route, RouteMessages.onErrorModifier(described, modifier));
        }
      }
      String code = onError.code().value();
      if (code.isBlank()) {
        report.error(route, onError.mirror(), onError.code().written(),
            RouteMessages.onErrorCode(described));
      } else {
        ExecutableElement first = codes.putIfAbsent(code, route);
        if (first != null) {
          report.error(route, onError.mirror(), onError.code().written(),
              RouteMessages.onErrorCodeDuplicate(code, Describe.method(first), described));
        }
      }
      if (run != null) {
        parameters(route, run, described, RouteMessages::onErrorParameters, report);
        if (!types.isSameType(route.getReturnType(), run.getReturnType())) {
          report.error(route, RouteMessages.onErrorResult(described,
                  Describe.typeMirror(route.getReturnType()), Describe.method(run),
                  Describe.typeMirror(run.getReturnType())));
        }
      }
    }
  }

  /** Checks a workflow's {@code @OnFailure} methods: at most one, callable, void, @Run's inputs. */
  void validateCleanups(
      List<ExecutableElement> cleanups, ExecutableElement run, ValidationReport report) {
    for (int i = 0; i < cleanups.size(); i++) {
      ExecutableElement cleanup = cleanups.get(i);
      String described = Describe.method(cleanup);
      if (i > 0) {
        report.error(cleanup, RouteMessages.onFailureSeveral(described,
                Describe.method(cleanups.get(0))));
      }
      for (Modifier modifier : List.of(Modifier.PRIVATE, Modifier.STATIC)) {
        if (cleanup.getModifiers().contains(modifier)) {
          report.error(cleanup, RouteMessages.onFailureModifier(described, modifier));
        }
      }
      if (cleanup.getReturnType().getKind() != TypeKind.VOID) {
        report.error(cleanup, RouteMessages.onFailureResult(described,
                Describe.typeMirror(cleanup.getReturnType())));
      }
      if (run != null) {
        parameters(cleanup, run, described, RouteMessages::onFailureParameters, report);
      }
    }
  }

  /**
   * Checks that {@code method} takes an optional {@code WorkflowContext}, then the stored inputs
   * of {@code run} in order, then an optional {@code RunError}.
   */
  private void parameters(
      ExecutableElement method, ExecutableElement run, String described,
      BiFunction<String, String, Message> message, ValidationReport report) {
    ExecutableElement route = method;
    List<TypeMirror> expected = new ArrayList<>();
    for (VariableElement param : run.getParameters()) {
      if (!TypeNames.is(param.asType(), TypeNames.WORKFLOW_CONTEXT)) {
        expected.add(param.asType());
      }
    }
    List<TypeMirror> actual = new ArrayList<>();
    for (VariableElement param : route.getParameters()) {
      actual.add(param.asType());
    }
    if (!actual.isEmpty() && TypeNames.is(actual.get(0), TypeNames.WORKFLOW_CONTEXT)) {
      actual.remove(0);
    }
    if (!actual.isEmpty() && TypeNames.is(actual.get(actual.size() - 1), TypeNames.RUN_ERROR)) {
      actual.remove(actual.size() - 1);
    }
    boolean same = actual.size() == expected.size();
    for (int i = 0; same && i < actual.size(); i++) {
      same = types.isSameType(actual.get(i), expected.get(i));
    }
    if (!same) {
      report.error(route, message.apply(described, Describe.method(run)));
    }
  }
}
