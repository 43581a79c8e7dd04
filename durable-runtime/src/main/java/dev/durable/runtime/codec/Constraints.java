package dev.durable.runtime.codec;

import dev.durable.runtime.spi.Payload;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hibernate.validator.HibernateValidator;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;

/**
 * Validates stored values against Jakarta constraints, with Hibernate Validator (its parameter
 * interpolator: no Expression Language needed): the constraints written on a {@code @Run}
 * parameter itself, read from the field of its name in the generated class that carries them
 * ({@link Payload#declaredConstraints()}), and those of the value's type, walking into optionals,
 * collections, maps and arrays so that a violation names the field at fault. The validator is
 * built on first use: workflows without constraints never pay for it.
 */
final class Constraints {
  private volatile Validator validator;

  /**
   * The constraint violations of {@code value}, each naming its field from {@code path}
   * ({@code customer: must not be null (was null)}, {@code order.lines[0].quantity: must be
   * greater than 0 (was 0)}), sorted; empty when the payload is not validated or the value is
   * valid.
   */
  List<String> violations(Payload payload, Object value) {
    List<String> found = new ArrayList<>();
    payload.declaredConstraints().ifPresent(declared -> {
      for (ConstraintViolation<?> violation
          : validator().validateValue(declared, payload.name(), value)) {
        found.add(described(violation.getPropertyPath().toString(), violation));
      }
    });
    if (payload.validated() && value != null) {
      collect(payload.name(), value, found);
    }
    found.sort(Comparator.naturalOrder());
    return found;
  }

  private static String described(String path, ConstraintViolation<?> violation) {
    return path + ": " + violation.getMessage() + " (was " + violation.getInvalidValue() + ")";
  }

  private void collect(String path, Object value, List<String> found) {
    if (value == null) {
      return;
    }
    if (value instanceof Optional<?> optional) {
      optional.ifPresent(inner -> collect(path, inner, found));
    } else if (value instanceof Collection<?> collection) {
      int i = 0;
      for (Object element : collection) {
        collect(path + "[" + i++ + "]", element, found);
      }
    } else if (value instanceof Map<?, ?> map) {
      map.forEach((key, element) -> collect(path + "[" + key + "]", element, found));
    } else if (value.getClass().isArray()) {
      if (!value.getClass().getComponentType().isPrimitive()) {
        for (int i = 0; i < Array.getLength(value); i++) {
          collect(path + "[" + i + "]", Array.get(value, i), found);
        }
      }
    } else {
      for (ConstraintViolation<Object> violation : validator().validate(value)) {
        String property = violation.getPropertyPath().toString();
        found.add(described(property.isEmpty() ? path : path + "." + property, violation));
      }
    }
  }

  private Validator validator() {
    Validator v = validator;
    if (v == null) {
      synchronized (this) {
        v = validator;
        if (v == null) {
          v =
              Validation.byProvider(HibernateValidator.class)
                  .configure()
                  .messageInterpolator(new ParameterMessageInterpolator())
                  .buildValidatorFactory()
                  .getValidator();
          validator = v;
        }
      }
    }
    return v;
  }

}
