package dev.durable.processor.validation;

import dev.durable.processor.messages.Message;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/**
 * The errors and warnings found on one workflow or step contract (or on stray annotations),
 * collected so that every one is printed, not only the first, and so that a type with errors gets
 * no generated code.
 */
public final class ValidationReport {

  /**
   * One diagnostic, placed on an element and, where one is at fault, on an annotation value, or
   * on a position in the element's body.
   */
  private record Item(
      Diagnostic.Kind kind,
      String message,
      Element element,
      AnnotationMirror annotation,
      AnnotationValue value,
      Placement placement) {}

  /**
   * Prints a diagnostic where the {@link Messager} cannot place it, through the compiler's tree
   * API, which only javac offers: on a value of a repeated annotation, which javac gathers into a
   * container that its source has no tree for (see {@link ScheduleValidator}), or on a call
   * expression in a method's body (see {@link DeterminismLint}).
   */
  @FunctionalInterface
  interface Placement {
    void print(Diagnostic.Kind kind, String message);
  }

  private final List<Item> items = new ArrayList<>();

  /** Reports an error on {@code element}. */
  public void error(Element element, Message message) {
    add(Diagnostic.Kind.ERROR, element, null, null, message);
  }

  /** Reports an error on an annotation value of {@code element}, so the IDE underlines it. */
  public void error(
      Element element,
      AnnotationMirror annotation,
      AnnotationValue value,
      Message message) {
    add(Diagnostic.Kind.ERROR, element, annotation, value, message);
  }

  /** Reports an error printed by {@code placement}. */
  void error(Placement placement, Message message) {
    items.add(new Item(
        Diagnostic.Kind.ERROR, message.text(), null, null, null, placement));
  }

  /** Reports a warning on {@code element}. */
  public void warning(Element element, Message message) {
    add(Diagnostic.Kind.WARNING, element, null, null, message);
  }

  /** Reports a warning on an annotation value of {@code element}. */
  public void warning(
      Element element,
      AnnotationMirror annotation,
      AnnotationValue value,
      Message message) {
    add(Diagnostic.Kind.WARNING, element, annotation, value, message);
  }

  private void add(
      Diagnostic.Kind kind,
      Element element,
      AnnotationMirror annotation,
      AnnotationValue value,
      Message message) {
    items.add(new Item(kind, message.text(), element, annotation, value, null));
  }

  /** Whether any error was reported. */
  public boolean hasErrors() {
    return items.stream().anyMatch(i -> i.kind() == Diagnostic.Kind.ERROR);
  }

  /** Prints every diagnostic, in the order reported. */
  public void printTo(Messager messager) {
    for (Item item : items) {
      if (item.placement() != null) {
        item.placement().print(item.kind(), item.message());
      } else if (item.value() != null) {
        messager.printMessage(
            item.kind(), item.message(), item.element(), item.annotation(), item.value());
      } else if (item.annotation() != null) {
        messager.printMessage(item.kind(), item.message(), item.element(), item.annotation());
      } else {
        messager.printMessage(item.kind(), item.message(), item.element());
      }
    }
  }
}
