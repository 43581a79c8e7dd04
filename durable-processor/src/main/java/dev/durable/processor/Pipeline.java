package dev.durable.processor;

import dev.durable.processor.messages.ProcessorMessages;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;

/**
 * One kind of type the processor handles (workflows, step contracts): each is read and validated
 * once, and generated from if it has no errors. A type whose signatures name a type that does not
 * exist yet waits: another processor may generate it in a later round; if none does, the type is
 * reported when processing is over. An unexpected exception becomes one error on the type that
 * says it is a processor bug, and is rethrown.
 */
final class Pipeline {

  /** What the pipeline does with each type of its kind. */
  interface Steps {
    /**
     * Reads {@code type} and validates it, prints the report, and, if it has no errors and {@code
     * generate} is set, generates its classes.
     */
    void process(TypeElement type, boolean generate);
  }

  private final ProcessingEnvironment env;
  private final String description;
  private final Steps steps;
  /** The types waiting for missing types, by qualified name, in the order first deferred. */
  private final Set<String> deferred = new LinkedHashSet<>();

  /**
   * @param description how messages name a type of this kind, before its name
   * @param steps what is done with each type
   */
  Pipeline(ProcessingEnvironment env, String description, Steps steps) {
    this.env = env;
    this.description = description;
    this.steps = steps;
  }

  /**
   * Processes the types of this round and those deferred from earlier ones, in order of qualified
   * name, deferring those that still name missing types.
   */
  void process(List<TypeElement> ofThisRound) {
    SortedMap<String, TypeElement> types = new TreeMap<>();
    for (TypeElement type : ofThisRound) {
      types.put(type.getQualifiedName().toString(), type);
    }
    for (String name : deferred) {
      TypeElement type = env.getElementUtils().getTypeElement(name);
      if (type != null) {
        types.putIfAbsent(name, type);
      }
    }
    types.forEach((name, type) -> guarded(type, () -> processOne(name, type)));
  }

  private void processOne(String name, TypeElement type) {
    if (refersToMissingTypes(type)) {
      deferred.add(name);
      return;
    }
    deferred.remove(name);
    steps.process(type, true);
  }

  /**
   * When processing is over: reports what can be checked without the types that never appeared,
   * and that they did not; generates nothing.
   */
  void reportStillDeferred() {
    for (String name : deferred) {
      TypeElement type = env.getElementUtils().getTypeElement(name);
      guarded(type, () -> steps.process(type, false));
      env.getMessager().printMessage(Diagnostic.Kind.ERROR,
          ProcessorMessages.unresolvedTypes(description, name).text(), type);
    }
  }

  /**
   * Runs {@code work} on {@code type}; an unexpected exception becomes one error on the type,
   * saying it is a processor bug, and is rethrown so the build stops with its stack trace.
   */
  void guarded(TypeElement type, Runnable work) {
    try {
      work.run();
    } catch (RuntimeException | Error e) {
      env.getMessager().printMessage(Diagnostic.Kind.ERROR,
          ProcessorMessages.processorBug(type.getQualifiedName(), e).text(), type);
      throw e;
    }
  }

  /** Whether a constructor, method or field names a type that does not exist (yet). */
  private static boolean refersToMissingTypes(TypeElement type) {
    for (Element member : type.getEnclosedElements()) {
      if (member.getKind() == ElementKind.METHOD || member.getKind() == ElementKind.CONSTRUCTOR) {
        ExecutableElement executable = (ExecutableElement) member;
        if (isMissing(executable.getReturnType())) {
          return true;
        }
        for (VariableElement parameter : executable.getParameters()) {
          if (isMissing(parameter.asType())) {
            return true;
          }
        }
      }
    }
    for (VariableElement field : ElementFilter.fieldsIn(type.getEnclosedElements())) {
      if (isMissing(field.asType())) {
        return true;
      }
    }
    return false;
  }

  private static boolean isMissing(TypeMirror type) {
    return switch (type.getKind()) {
      case ERROR -> true;
      case DECLARED -> ((DeclaredType) type).getTypeArguments().stream()
          .anyMatch(Pipeline::isMissing);
      case ARRAY -> isMissing(((ArrayType) type).getComponentType());
      default -> false;
    };
  }
}
