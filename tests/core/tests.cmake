list(APPEND REFEREE_TEST_SOURCES core/card_test.cpp core/seeded_deal_test.cpp core/printable_test.cpp
     core/deal_label_test.cpp core/fact_test.cpp core/finding_test.cpp
     core/fixed_list_test.cpp core/rule_options_test.cpp)
