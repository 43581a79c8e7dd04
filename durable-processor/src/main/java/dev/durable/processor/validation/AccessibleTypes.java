package dev.durable.processor.validation;

import dev.durable.processor.messages.TypeMessages;
import java.util.HashSet;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Elements;

/**
 * Whether the code generated for a workflow or step contract, top-level classes in the same
 * package, can name a type of a signature: the type itself, its type arguments and array
 * components. A private type, a type nested in a private class, and a protected type of a class in
 * another package are legal in the user's own class, but javac would report them only as "has
 * private access" (or "protected access") errors in generated code; they are reported here, on the
 * user's element.
 */
final class AccessibleTypes {
  private final Elements elements;

  AccessibleTypes(Elements elements) {
    this.elements = elements;
  }

  /**
   * Reports each type in {@code type} that the code generated next to {@code method}'s class cannot
   * name, on {@code element}, naming {@code position} (e.g. "step charge parameter 'order'").
   */
  void check(
      TypeMirror type,
      ExecutableElement method,
      Element element,
      String position,
      ValidationReport report) {
    PackageElement generatedIn = elements.getPackageOf(method);
    new Walk(generatedIn, element, position, report).check(type, "");
  }

  /**
   * The innermost private class that {@code type} is nested in, or null: code outside that class's
   * top-level class, such as the generated classes, cannot name {@code type}.
   */
  static TypeElement privateEnclosingClass(TypeElement type) {
    for (Element e = type.getEnclosingElement();
        e instanceof TypeElement outer;
        e = outer.getEnclosingElement()) {
      if (outer.getModifiers().contains(Modifier.PRIVATE)) {
        return outer;
      }
    }
    return null;
  }

  private final class Walk {
    final PackageElement generatedIn;
    final Element element;
    final String position;
    final ValidationReport report;
    final Set<String> visited = new HashSet<>();

    Walk(PackageElement generatedIn, Element element, String position, ValidationReport report) {
      this.generatedIn = generatedIn;
      this.element = element;
      this.position = position;
      this.report = report;
    }

    void check(TypeMirror type, String path) {
      switch (type.getKind()) {
        case ARRAY -> check(((ArrayType) type).getComponentType(), StorableTypes.in(type, path));
        case WILDCARD -> {
          WildcardType wildcard = (WildcardType) type;
          if (wildcard.getExtendsBound() != null) {
            check(wildcard.getExtendsBound(), path);
          } else if (wildcard.getSuperBound() != null) {
            check(wildcard.getSuperBound(), path);
          }
        }
        case DECLARED -> {
          if (visited.add(Describe.typeMirror(type))) {
            declared((DeclaredType) type, path);
          }
        }
        default -> {} // primitives, void, type variables (reported elsewhere), errors (javac's)
      }
    }

    private void declared(DeclaredType type, String path) {
      TypeElement declared = (TypeElement) type.asElement();
      if (!accessible(declared, type, path)) {
        return; // its type arguments are reported once it is fixed, if still wrong
      }
      for (TypeMirror argument : type.getTypeArguments()) {
        check(argument, StorableTypes.in(type, path));
      }
    }

    /** Whether the generated code can name {@code declared}; reports it if not. */
    private boolean accessible(TypeElement declared, DeclaredType type, String path) {
      String shown = Describe.typeMirror(type);
      if (declared.getModifiers().contains(Modifier.PRIVATE)) {
        report.error(element, TypeMessages.typePrivate(position, shown, path));
        return false;
      }
      TypeElement outer = privateEnclosingClass(declared);
      if (outer != null) {
        report.error(
            element, TypeMessages.typeInPrivateClass(position, shown, path, Describe.type(outer)));
        return false;
      }
      if (declared.getModifiers().contains(Modifier.PROTECTED)
          && !elements.getPackageOf(declared).equals(generatedIn)) {
        // a subclass may name it; the generated codecs and client, which are not, cannot
        report.error(
            element,
            TypeMessages.typeProtected(position,
                shown,
                path,
                generatedIn.getQualifiedName()));
        return false;
      }
      return true;
    }
  }
}
