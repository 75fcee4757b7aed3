# The site's frame: header, footer, the language switch, shared words.
language-name = فارسی
site-name = آربیتر
site-account = حساب شما
site-footer = آربیتر · قوانین شطرنج فیده · شکستن امتیاز طبق کتابچه فیده C.07
site-language = زبان
digits-latin = ارقام لاتین
digits-local = ارقام فارسی
date-range = { $start } تا { $end }
list-separator = ،{" "}
list-semicolon = ؛{" "}
