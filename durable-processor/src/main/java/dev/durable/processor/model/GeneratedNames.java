package dev.durable.processor.model;

import com.palantir.javapoet.ClassName;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.SourceVersion;

/**
 * Every name the processor generates, in one place: the generated classes, the step and codec
 * constants and the local names that must not clash with the user's parameter names. Pure and
 * deterministic: the same model always gets the same names.
 *
 * @param durable {@code <Binary>Durable}, the replay-safe subclass
 * @param client {@code <Binary>Client}, the typed stub
 * @param codecs {@code <Binary>Codecs}, the Jackson type constants
 */
public record GeneratedNames(ClassName durable, ClassName client, ClassName codecs) {

  /** The name of the workflow's constant in the generated {@code Durable} class. */
  public static final String WORKFLOW_CONSTANT = "WORKFLOW";

  /** The name of the {@code TypeFactory} constant in the generated {@code Codecs} class. */
  public static final String TYPES_CONSTANT = "TYPES";

  /**
   * The class nested in the generated {@code Codecs} class whose fields carry the constraints
   * written on the {@code @Run} method's parameters.
   */
  public static final String RUN_PARAMETERS_CLASS = "RunParameters";

  /**
   * The generated classes of {@code workflow}: top-level, in its package, named after its binary
   * name, so that {@code Outer.Inner} gets {@code Outer_InnerDurable}.
   */
  public static GeneratedNames of(ClassName workflow) {
    String base = String.join("_", workflow.simpleNames());
    String pkg = workflow.packageName();
    return new GeneratedNames(
        ClassName.get(pkg, base + "Durable"),
        ClassName.get(pkg, base + "Client"),
        ClassName.get(pkg, base + "Codecs"));
  }

  /**
   * {@code UPPER_SNAKE} of a camel-case or dotted name: {@code fetchQuote} is {@code FETCH_QUOTE},
   * {@code HTTPRequest} is {@code HTTP_REQUEST}, {@code order.charge-v2} is {@code
   * ORDER_CHARGE_V2}. Characters that cannot appear in an identifier become {@code _}.
   */
  public static String upperSnake(String name) {
    StringBuilder out = new StringBuilder();
    int length = name.length();
    for (int i = 0; i < length; i++) {
      char c = name.charAt(i);
      if (!Character.isJavaIdentifierPart(c) || c == '$') {
        out.append('_');
        continue;
      }
      if (Character.isUpperCase(c) && i > 0) {
        char previous = name.charAt(i - 1);
        boolean afterWord = Character.isLowerCase(previous) || Character.isDigit(previous);
        boolean endOfAcronym =
            Character.isUpperCase(previous)
                && i + 1 < length
                && Character.isLowerCase(name.charAt(i + 1));
        if (afterWord || endOfAcronym) {
          out.append('_');
        }
      }
      out.append(Character.toUpperCase(c));
    }
    return out.toString().toUpperCase(Locale.ROOT);
  }

  /**
   * The constant of each step in the {@code Durable} class, in step order: {@code UPPER_SNAKE} of
   * the step name; a name already taken (by {@code WORKFLOW} or an earlier step) gets {@code
   * _STEP}, then {@code _2}, {@code _3}, ...
   */
  public static List<String> stepConstants(List<StepModel> steps) {
    Set<String> taken = new HashSet<>(Set.of(WORKFLOW_CONSTANT));
    List<String> names = new ArrayList<>();
    for (StepModel step : steps) {
      String base = upperSnake(step.stepName());
      if (!SourceVersion.isIdentifier(base) || SourceVersion.isKeyword(base)) {
        base = "STEP_" + base;
      }
      String name = base;
      if (taken.contains(name)) {
        name = base + "_STEP";
      }
      for (int n = 2; taken.contains(name); n++) {
        name = base + "_" + n;
      }
      taken.add(name);
      names.add(name);
    }
    return names;
  }

  /**
   * The constant of each of {@code signals} in the {@code Durable} class, in signal order: {@code
   * UPPER_SNAKE} of the signal name and {@code _SIGNAL}; a name already taken (by {@code
   * WORKFLOW}, the constant of one of {@code steps} or an earlier signal's) gets {@code _2}, {@code
   * _3}, ...
   */
  public static List<String> signalConstants(List<StepModel> steps, List<SignalModel> signals) {
    Set<String> taken = new HashSet<>(Set.of(WORKFLOW_CONSTANT));
    taken.addAll(stepConstants(steps));
    List<String> names = new ArrayList<>();
    for (SignalModel signal : signals) {
      String base = upperSnake(signal.signalName()) + "_SIGNAL";
      if (!SourceVersion.isIdentifier(base)) {
        base = "SIGNAL_" + base;
      }
      String name = base;
      for (int n = 2; taken.contains(name); n++) {
        name = base + "_" + n;
      }
      taken.add(name);
      names.add(name);
    }
    return names;
  }

  /** The types {@code steps} store, in step order: each step's stored parameters, then result. */
  static List<StoredType> storedBy(List<StepModel> steps) {
    List<StoredType> order = new ArrayList<>();
    for (StepModel step : steps) {
      step.storedParams().forEach(p -> order.add(p.type().stored()));
      order.add(step.result().stored());
    }
    return order;
  }

  /**
   * Names {@code types} and their components, components first. A name is {@code UPPER_SNAKE} of
   * the simple name ({@code Outer.Inner} is {@code OUTER_INNER}), with {@code _OF_} before type
   * arguments, {@code _TO_} between a map's key and value, {@code _AND_} between other arguments
   * and {@code _ARRAY} after an array's component. A name already given to another type is
   * qualified with the package ({@code COM_OTHER_ORDER}), then numbered.
   */
  public static Map<StoredType, String> codecConstants(List<StoredType> types) {
    Map<StoredType, String> names = new LinkedHashMap<>();
    Set<String> taken = new HashSet<>(Set.of(TYPES_CONSTANT));
    for (StoredType type : types) {
      name(type, names, taken);
    }
    return names;
  }

  private static String name(StoredType type, Map<StoredType, String> names, Set<String> taken) {
    String known = names.get(type);
    if (known != null) {
      return known;
    }
    String name;
    if (type instanceof StoredType.Declared declared) {
      List<String> arguments = new ArrayList<>();
      for (StoredType argument : declared.arguments()) {
        arguments.add(name(argument, names, taken));
      }
      String suffix =
          arguments.isEmpty()
              ? ""
              : "_OF_" + String.join(declared.map() ? "_TO_" : "_AND_", arguments);
      name = simpleSnake(declared.raw()) + suffix;
      if (taken.contains(name)) {
        name = qualifiedSnake(declared.raw()) + suffix;
      }
    } else if (type instanceof StoredType.Array array) {
      // A primitive component has no constant of its own: byte[] is constructArrayType(byte.class).
      String component =
          array.component() instanceof StoredType.Primitive primitive
              ? primitive.primitive().toString().toUpperCase(Locale.ROOT)
              : name(array.component(), names, taken);
      name = component + "_ARRAY";
    } else {
      throw new IllegalArgumentException("a primitive is stored boxed, except in arrays: " + type);
    }
    String base = name;
    for (int n = 2; taken.contains(name); n++) {
      name = base + "_" + n;
    }
    taken.add(name);
    names.put(type, name);
    return name;
  }

  private static String simpleSnake(ClassName raw) {
    return raw.simpleNames().stream()
        .map(GeneratedNames::upperSnake)
        .collect(Collectors.joining("_"));
  }

  private static String qualifiedSnake(ClassName raw) {
    String simple = simpleSnake(raw);
    return raw.packageName().isEmpty() ? simple : upperSnake(raw.packageName()) + "_" + simple;
  }

  /**
   * {@code base}, or {@code base} followed by as many {@code _} as it takes not to be one of
   * {@code taken}: a generated local name that a user's parameter name does not hide.
   */
  public static String unusedName(String base, Collection<String> taken) {
    String name = base;
    while (taken.contains(name)) {
      name += "_";
    }
    return name;
  }
}
