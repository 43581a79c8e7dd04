package dev.durable.processor.validation;

import dev.durable.processor.messages.Message;
import dev.durable.processor.messages.StepMessages;
import dev.durable.processor.reading.Attribute;
import dev.durable.processor.reading.StepAnnotation;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;

/** A step's name as declared (or defaulted to its method's), and the rules every step name obeys. */
final class StepNames {
  private StepNames() {}

  /**
   * @param name the step's name
   * @param value the {@code name} attribute's value, or null when the name is the method's
   */
  record Declared(String name, AnnotationValue value) {}

  /** The step's name, after reporting one that is too long or has disallowed characters. */
  static Declared check(ExecutableElement method, StepAnnotation step, ValidationReport report) {
    return check(method, step.mirror(), step.name(), report, StepMessages::stepNameLength,
        StepMessages::stepNameCharacters);
  }

  /** The message for a name that is too long: the name (shortened), the method, its length. */
  interface TooLong {
    Message of(String name, String method, long length);
  }

  /** The message for a name with disallowed characters: the name, the method, the characters. */
  interface Disallowed {
    Message of(String name, String method, String characters);
  }

  /**
   * The name of a step or signal, after reporting one that is too long ({@code length}) or has
   * disallowed characters ({@code characters}).
   */
  static Declared check(
      ExecutableElement method, AnnotationMirror annotation, Attribute<String> declared,
      ValidationReport report, TooLong length, Disallowed characters) {
    String name = declared.value();
    AnnotationValue nameValue = null;
    if (name.isEmpty()) {
      name = method.getSimpleName().toString();
    } else {
      nameValue = declared.written();
    }
    if (name.length() > WorkflowNames.MAX_NAME_LENGTH) {
      errorOnValue(
          report,
          method,
          annotation,
          nameValue,
          length.of(WorkflowNames.shorten(name), Describe.method(method), name.length()));
    }
    String disallowed = WorkflowNames.disallowedCharacters(name);
    if (!disallowed.isEmpty()) {
      errorOnValue(
          report,
          method,
          annotation,
          nameValue,
          characters.of(WorkflowNames.shorten(name), Describe.method(method), disallowed));
    }
    return new Declared(name, nameValue);
  }

  /**
   * An error on the attribute's value when the user wrote it, else on the element itself: a default
   * taken from the element's own name is at fault, not the annotation.
   */
  static void errorOnValue(
      ValidationReport report,
      Element element,
      AnnotationMirror annotation,
      AnnotationValue value,
      Message message) {
    if (value == null) {
      report.error(element, message);
    } else {
      report.error(element, annotation, value, message);
    }
  }
}
