package dev.durable.processor.generation;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.TypeVariableName;
import com.palantir.javapoet.WildcardTypeName;
import dev.durable.processor.model.ParamModel;
import dev.durable.processor.model.Visibility;
import dev.durable.processor.model.WorkflowModel;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.lang.model.element.Modifier;

/** What every generated file shares: the {@code @Generated} marker, imports and literals. */
final class GeneratedFiles {
  /** The value of {@code @Generated}: the processor, with no date, so builds are reproducible. */
  static final String GENERATOR = "dev.durable.processor.DurableProcessor";

  /** A javadoc comment of one line, as JavaPoet writes it: over three lines. */
  private static final Pattern ONE_LINE_JAVADOC =
      Pattern.compile("(?m)^( *)/\\*\\*\n\\1 \\* ([^\n]*)\n\\1 \\*/$");

  private static final int WIDTH = 100;

  private GeneratedFiles() {}

  /**
   * The text of {@code file}: JavaPoet's output, with each javadoc comment of a single line that
   * fits in 100 columns written on that line ({@code /** Text. *}{@code /}), as a person would.
   */
  static String render(JavaFile file) {
    Matcher matcher = ONE_LINE_JAVADOC.matcher(file.toString());
    StringBuilder out = new StringBuilder();
    while (matcher.find()) {
      String oneLine = matcher.group(1) + "/** " + matcher.group(2) + " */";
      matcher.appendReplacement(
          out, Matcher.quoteReplacement(oneLine.length() <= WIDTH ? oneLine : matcher.group()));
    }
    return matcher.appendTail(out).toString();
  }

  /**
   * The annotations of a generated class: {@link #generated}, and {@code @Deprecated} when the
   * workflow is, since using a deprecated workflow is deprecated.
   */
  static List<AnnotationSpec> classAnnotations(WorkflowModel model) {
    return classAnnotations(model.deprecated());
  }

  /** {@link #generated}, and {@code @Deprecated} for what a deprecated type generates. */
  static List<AnnotationSpec> classAnnotations(boolean deprecated) {
    return deprecated
        ? List.of(generated(), AnnotationSpec.builder(Deprecated.class).build())
        : List.of(generated());
  }

  /** {@code @Generated("dev.durable.processor.DurableProcessor")}. */
  static AnnotationSpec generated() {
    return AnnotationSpec.builder(RuntimeTypes.GENERATED)
        .addMember("value", "$S", GENERATOR)
        .build();
  }

  /** A file in {@code packageName}, without {@code java.lang} imports, indented by two spaces. */
  /**
   * Adds to {@code method} the {@code @SuppressWarnings} its body needs, if any: for unchecked
   * casts, and for calls of deprecated members (inside a deprecated class they need none).
   */
  static MethodSpec.Builder suppressWarnings(
      MethodSpec.Builder method, boolean unchecked, boolean deprecation) {
    if (unchecked || deprecation) {
      AnnotationSpec.Builder suppress = AnnotationSpec.builder(SuppressWarnings.class);
      if (deprecation) {
        suppress.addMember("value", "$S", "deprecation");
      }
      if (unchecked) {
        suppress.addMember("value", "$S", "unchecked");
      }
      method.addAnnotation(suppress.build());
    }
    return method;
  }

  static JavaFile file(String packageName, TypeSpec type) {
    return JavaFile.builder(packageName, type).skipJavaLangImports(true).indent("  ").build();
  }

  /** A {@code long} literal: with an {@code L} suffix only where an {@code int} would not do. */
  static CodeBlock longLiteral(long value) {
    boolean fitsInt = value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE;
    return CodeBlock.of("$L", fitsInt ? Long.toString(value) : value + "L");
  }

  /** The modifiers of a generated override that keeps a user method's {@code visibility}. */
  static Modifier[] modifiers(Visibility visibility) {
    return switch (visibility) {
      case PUBLIC -> new Modifier[] {Modifier.PUBLIC};
      case PROTECTED -> new Modifier[] {Modifier.PROTECTED};
      case PACKAGE_PRIVATE -> new Modifier[0];
    };
  }

  /**
   * Whether casting an {@code Object} to {@code type} is unchecked: it has type arguments other
   * than {@code ?}, or is a type variable, or an array of such.
   */
  static boolean isUncheckedCast(TypeName type) {
    if (type instanceof TypeVariableName) {
      return true;
    }
    if (type instanceof ArrayTypeName array) {
      return isUncheckedCast(array.componentType());
    }
    if (type instanceof ParameterizedTypeName parameterized) {
      for (TypeName argument : parameterized.typeArguments()) {
        boolean unbounded =
            argument instanceof WildcardTypeName wildcard
                && wildcard.lowerBounds().isEmpty()
                && wildcard.upperBounds().equals(List.of(ClassName.OBJECT));
        if (!unbounded) {
          return true;
        }
      }
      return parameterized.enclosingType() != null
          && isUncheckedCast(parameterized.enclosingType());
    }
    return false;
  }

  /**
   * Whether a variable-arity parameter list ends with a generic array ({@code List<String>...}),
   * which javac warns about as possible heap pollution; the user's method has the same warning.
   */
  static boolean pollutesHeap(boolean varargs, List<ParamModel> params) {
    return varargs
        && params.get(params.size() - 1).type().type() instanceof ArrayTypeName array
        && isUncheckedCast(array.componentType());
  }
}
