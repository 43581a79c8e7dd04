package dev.durable.processor.validation;

import dev.durable.processor.messages.TypeMessages;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Whether a type can be stored: encoded to JSON by Jackson and decoded back with its full generic
 * type. Walks the type recursively (type arguments, array components, record components and the
 * instance fields of classes), each distinct type once, and returns every problem found with the
 * path that leads to it ({@code java.lang.Thread in field 'worker' of com.acme.Job}).
 *
 * <p>Storable: primitives and their boxes, {@code String}, enums, the JDK value types Jackson and
 * its JDK 8 and java.time modules read from text ({@link #VALUE_TYPES}), arrays, {@code Optional},
 * collections and maps of storable types (map keys: {@code String}, a boxed primitive, an enum or
 * {@code UUID}), Jackson's {@code JsonNode}s, records, and concrete classes Jackson can construct
 * (a no-argument constructor of any visibility, or a {@code @JsonCreator} constructor or static
 * factory) and write (a public field or getter, or a member annotated {@code @JsonProperty}: see
 * {@link JacksonView#hasProperties}) whose non-static, non-transient fields are storable.
 * Abstract types are storable only when annotated {@code @JsonTypeInfo} (on them or a supertype) or
 * {@code @JsonDeserialize}; a field or record component annotated {@code @JsonIgnore} or {@code
 * @JsonDeserialize} is not checked. Jackson's annotations are matched by name, so Jackson need not
 * be on the processor's class path.
 *
 * <p>These are the rules of the runtime's codec ({@code Payloads}, Jackson with its default
 * visibility) as the processor can decide them on types; where Jackson's fate depends on the value
 * ({@code Object}, live objects), the rules refuse. {@code StorableAgreementTest} in
 * {@code durable-tests} holds the two to the same verdict on a list of sample types.
 */
final class StorableTypes {

  /** One type that cannot be stored: the message, the type and the path leading to it. */
  record Problem(TypeMessages message, String type, String path) {
    /** Reports this problem on {@code element}, naming {@code position}, e.g. "run result". */
    void reportOn(ValidationReport report, Element element, String position) {
      report.error(element, message.storedType(position, type, path));
    }
  }

  /** The boxed primitives, by qualified name. */
  private static final Set<String> BOXED =
      Set.of(
          "java.lang.Boolean",
          "java.lang.Byte",
          "java.lang.Short",
          "java.lang.Integer",
          "java.lang.Long",
          "java.lang.Float",
          "java.lang.Double",
          "java.lang.Character");

  /** JDK types stored as JSON values, by qualified name. */
  static final Set<String> VALUE_TYPES =
      union(
          BOXED,
          "java.lang.String",
          "java.lang.Number",
          "java.lang.Void",
          "java.math.BigDecimal",
          "java.math.BigInteger",
          "java.util.UUID",
          "java.util.Locale",
          "java.util.Currency",
          "java.util.Date",
          "java.util.Calendar",
          "java.util.GregorianCalendar",
          "java.util.TimeZone",
          "java.util.OptionalInt",
          "java.util.OptionalLong",
          "java.util.OptionalDouble",
          "java.util.regex.Pattern",
          "java.net.URI",
          "java.net.URL",
          "java.io.File",
          "java.nio.file.Path",
          "java.nio.charset.Charset",
          "java.sql.Date",
          "java.sql.Time",
          "java.sql.Timestamp",
          "java.time.Instant",
          "java.time.Duration",
          "java.time.LocalDate",
          "java.time.LocalDateTime",
          "java.time.LocalTime",
          "java.time.OffsetDateTime",
          "java.time.OffsetTime",
          "java.time.ZonedDateTime",
          "java.time.Period",
          "java.time.Year",
          "java.time.YearMonth",
          "java.time.MonthDay",
          "java.time.ZoneId",
          "java.time.ZoneOffset",
          "java.time.DayOfWeek",
          "java.time.Month");

  /** Map key types Jackson decodes from a JSON field name. */
  private static final Set<String> MAP_KEYS = union(BOXED, "java.lang.String", "java.util.UUID");

  /** Live objects, not data: anything assignable to one of these. */
  private static final List<String> LIVE_TYPES =
      List.of(
          "java.lang.AutoCloseable",
          "java.lang.Thread",
          "java.lang.ThreadGroup",
          "java.lang.ClassLoader",
          "java.lang.Class",
          "java.lang.Process",
          "java.lang.ref.Reference",
          "java.util.stream.BaseStream",
          "java.util.concurrent.Future",
          "java.util.concurrent.CompletionStage",
          "java.util.concurrent.Executor",
          "java.util.Timer");

  /** Iterators and iterables that are not collections. */
  private static final List<String> ITERATOR_TYPES =
      List.of(
          "java.lang.Iterable",
          "java.util.Iterator",
          "java.util.Enumeration",
          "java.util.Spliterator");

  private final Types types;
  private final JacksonView jackson;

  StorableTypes(ProcessingEnvironment env) {
    this.types = env.getTypeUtils();
    this.jackson = new JacksonView(types, env.getElementUtils());
  }

  /** Every problem that keeps {@code type} from being stored; empty when it can be. */
  List<Problem> problemsOf(TypeMirror type) {
    Walk walk = new Walk();
    walk.check(type, "");
    return walk.problems;
  }

  /** One walk over one type: each distinct type is checked once. */
  private final class Walk {
    final List<Problem> problems = new ArrayList<>();
    final Set<String> visited = new HashSet<>();

    void check(TypeMirror type, String path) {
      if (type.getKind().isPrimitive()
          || type.getKind() == TypeKind.VOID
          || type.getKind() == TypeKind.ERROR
          || type.getKind() == TypeKind.NONE) {
        return;
      }
      if (!visited.add(Describe.typeMirror(type))) {
        return;
      }
      switch (type.getKind()) {
        case ARRAY -> {
          ArrayType array = (ArrayType) type;
          check(array.getComponentType(), in(type, path));
        }
        case WILDCARD -> {
          TypeMirror bound = ((WildcardType) type).getExtendsBound();
          if (bound != null) {
            check(bound, path);
          } else {
            problem(TypeMessages.TYPE_TOO_GENERAL, type, path);
          }
        }
        case DECLARED -> declared((DeclaredType) type, path);
        // type variables, intersections
        default -> problem(TypeMessages.TYPE_TOO_GENERAL, type, path);
      }
    }

    private void declared(DeclaredType type, String path) {
      TypeElement element = (TypeElement) type.asElement();
      String name = element.getQualifiedName().toString();
      if (VALUE_TYPES.contains(name)
          || element.getKind() == ElementKind.ENUM
          || jackson.isJsonNode(type)) {
        return;
      }
      if (name.equals("java.lang.Object")) {
        problem(TypeMessages.TYPE_TOO_GENERAL, type, path);
        return;
      }
      if (jackson.isSubtypeOfAny(type, LIVE_TYPES)) {
        problem(TypeMessages.TYPE_LIVE_OBJECT, type, path);
        return;
      }
      boolean collection = jackson.isSubtypeOfAny(type, List.of("java.util.Collection"));
      boolean map = jackson.isSubtypeOfAny(type, List.of("java.util.Map"));
      if (!collection && !map && jackson.isSubtypeOfAny(type, ITERATOR_TYPES)) {
        problem(TypeMessages.TYPE_ITERATOR, type, path);
        return;
      }
      if (JacksonView.isAbstract(element)
          && (jackson.bringsDeserializer(element) || jackson.hasJsonTypeInfo(type))) {
        return; // Jackson is told how to create it
      }
      if (!collection && !map && jackson.isFunctional(element)) {
        problem(TypeMessages.TYPE_FUNCTIONAL, type, path);
        return;
      }
      if (!element.getTypeParameters().isEmpty() && type.getTypeArguments().isEmpty()) {
        problem(TypeMessages.TYPE_RAW, type, path);
        return;
      }
      if (name.equals("java.util.Optional")) {
        check(type.getTypeArguments().get(0), in(type, path));
      } else if (collection) {
        if (!JacksonView.isJdkContainer(element)) {
          constructible(type, element, path);
        }
        jackson.typeArgumentsOf(type, "java.util.Collection")
            .forEach(e -> check(e, in(type, path)));
      } else if (map) {
        if (!JacksonView.isJdkContainer(element)) {
          constructible(type, element, path);
        }
        List<? extends TypeMirror> keyAndValue = jackson.typeArgumentsOf(type, "java.util.Map");
        if (keyAndValue.size() == 2) {
          mapKey(keyAndValue.get(0), in(type, path));
          check(keyAndValue.get(1), in(type, path));
        }
      } else if (constructible(type, element, path)) {
        if (element.getKind() == ElementKind.RECORD) {
          components(type, element, path);
        } else if (jackson.hasProperties(element)) {
          fields(type, element, path);
        } else {
          // Jackson would find nothing to write: "No serializer found for class ..."
          problem(TypeMessages.TYPE_NO_PROPERTIES, type, path);
        }
      }
    }

    /**
     * Whether Jackson can create {@code type} field by field: reports abstract types, inner classes
     * and classes without a usable constructor. False also when the type brings its own
     * deserializer, whose fields are then not checked.
     */
    private boolean constructible(DeclaredType type, TypeElement element, String path) {
      if (jackson.bringsDeserializer(element)) {
        return false;
      }
      if (JacksonView.isAbstract(element)) {
        if (!jackson.hasJsonTypeInfo(type)) {
          problem(TypeMessages.TYPE_ABSTRACT, type, path);
        }
        return false;
      }
      if (JacksonView.isInner(element)) {
        problem(TypeMessages.TYPE_INNER_CLASS, type, path);
        return false;
      }
      if (element.getKind() == ElementKind.RECORD || JacksonView.hasUsableConstructor(element)) {
        return true;
      }
      problem(TypeMessages.TYPE_NO_CONSTRUCTOR, type, path);
      return true; // its fields are still worth checking
    }

    private void components(DeclaredType type, TypeElement element, String path) {
      for (RecordComponentElement component :
          ElementFilter.recordComponentsIn(element.getEnclosedElements())) {
        ExecutableElement accessor = component.getAccessor();
        if (JacksonView.isNotStored(component)
            || (accessor != null && JacksonView.isNotStored(accessor))
            || JacksonView.isNotStored(
                JacksonView.fieldNamed(element, component.getSimpleName().toString()))) {
          continue;
        }
        TypeMirror componentType =
            accessor != null
                ? ((javax.lang.model.type.ExecutableType) types.asMemberOf(type, accessor))
                    .getReturnType()
                : component.asType();
        check(
            componentType,
            " in component '"
                + component.getSimpleName()
                + "' of "
                + Describe.typeMirror(type)
                + path);
      }
    }

    private void fields(DeclaredType type, TypeElement element, String path) {
      for (TypeElement c = element;
          c != null && !c.getQualifiedName().contentEquals("java.lang.Object");
          c = JacksonView.superclassOf(c)) {
        for (VariableElement field : ElementFilter.fieldsIn(c.getEnclosedElements())) {
          if (field.getModifiers().contains(Modifier.STATIC)
              || field.getModifiers().contains(Modifier.TRANSIENT)
              || JacksonView.isNotStored(field)) {
            continue;
          }
          check(
              types.asMemberOf(type, field),
              " in field '" + field.getSimpleName() + "' of " + Describe.typeMirror(type) + path);
        }
      }
    }

    private void mapKey(TypeMirror key, String path) {
      TypeMirror k = key;
      if (k.getKind() == TypeKind.WILDCARD && ((WildcardType) k).getExtendsBound() != null) {
        k = ((WildcardType) k).getExtendsBound();
      }
      if (k.getKind() == TypeKind.ERROR) {
        return;
      }
      if (k.getKind() == TypeKind.DECLARED) {
        TypeElement element = (TypeElement) ((DeclaredType) k).asElement();
        if (element.getKind() == ElementKind.ENUM
            || MAP_KEYS.contains(element.getQualifiedName().toString())) {
          return;
        }
      }
      problems.add(new Problem(TypeMessages.TYPE_MAP_KEY, Describe.typeMirror(k), path));
    }

    private void problem(TypeMessages message, TypeMirror type, String path) {
      problems.add(new Problem(message, Describe.typeMirror(type), path));
    }
  }

  /** The path frame for something inside {@code container}. */
  static String in(TypeMirror container, String path) {
    return " in " + Describe.typeMirror(container) + path;
  }

  private static Set<String> union(Set<String> some, String... more) {
    Set<String> all = new HashSet<>(some);
    all.addAll(List.of(more));
    return Set.copyOf(all);
  }
}
