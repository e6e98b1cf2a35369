import { Card, Col, DatePicker, Flex, Form, Image, Input, InputNumber, Radio, Row, Segmented, Select, Switch, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { AdminLookups } from '../api/course-api';
import {
  ACTIVITY_OPTIONS,
  COURSE_TYPE_OPTIONS,
  EARLY_BIRD,
  HOME_LIST_OPTIONS,
  LEVEL_OPTIONS,
  MEDIA_TYPE_OPTIONS,
  priceProblem,
} from '../model/course-form';
import type { CourseFormValues } from '../model/course-form';

const priceRule = {
  validator: (_: unknown, value: unknown) => {
    const problem = priceProblem(value);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
};

function PriceInput(props: { id?: string; value?: number | null; onChange?: (v: number | null) => void; placeholder?: string; 'aria-label'?: string }) {
  return <InputNumber<number> {...props} prefix="¥" precision={2} step={1} style={{ width: '100%' }} />;
}

const URL_PATTERN = /^(https?:\/\/|\/)\S+$/;

export interface CourseFormFieldsProps {
  form: FormInstance<CourseFormValues>;
  lookups: AdminLookups | undefined;
  lookupsLoading: boolean;
  /** A lecturer edits only their own courses: the lecturer field is fixed. */
  lockLecturer: boolean;
  /** Shelf controls, filled in by the page (they save at once, not with the form). */
  shelfSlot: ReactNode;
}

/** The editor's sections: 基本信息, 价格与活动, 简介, 权益与可见性, 上架与排序. */
export function CourseFormFields({ form, lookups, lookupsLoading, lockLecturer, shelfSlot }: CourseFormFieldsProps) {
  const cover = Form.useWatch('cover', form);
  const activityType = Form.useWatch('activityType', form);
  const description = Form.useWatch('description', form);
  const [descMode, setDescMode] = useState<'edit' | 'preview'>('edit');
  const coverOk = typeof cover === 'string' && URL_PATTERN.test(cover.trim());

  const options = (list: { id: number; name: string }[] | undefined) => (list ?? []).map((x) => ({ value: x.id, label: x.name }));

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Flex vertical gap={16}>
          <Card title="基本信息">
            <Form.Item
              name="title"
              label="课程标题"
              rules={[
                { required: true, whitespace: true, message: '请填写课程标题' },
                { max: 100, message: '标题最多 100 个字' },
              ]}
            >
              <Input maxLength={100} showCount placeholder="例如：商业银行票据业务合规实务" />
            </Form.Item>
            <Form.Item name="subtitle" label="副标题 / 摘要" rules={[{ max: 200, message: '最多 200 个字' }]}>
              <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} placeholder="一句话介绍课程，显示在课程卡片上" />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} md={14}>
                <Form.Item
                  name="cover"
                  label="封面图片地址"
                  extra="建议 16:9，至少 750×422 像素"
                  rules={[
                    { max: 1024, message: '地址太长' },
                    { pattern: URL_PATTERN, message: '请填写以 http://、https:// 或 / 开头的图片地址' },
                  ]}
                >
                  <Input placeholder="https://…/cover.jpg" allowClear />
                </Form.Item>
              </Col>
              <Col xs={24} md={10}>
                <div className="course-cover-preview">
                  {coverOk ? (
                    <Image src={cover.trim()} alt="封面预览" width="100%" style={{ aspectRatio: '16 / 9', objectFit: 'cover' }} />
                  ) : (
                    <Typography.Text type="secondary">封面预览</Typography.Text>
                  )}
                </div>
              </Col>
            </Row>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="lecturerId" label="讲师" rules={[{ required: true, message: '请选择讲师' }]}>
                  <Select
                    placeholder="选择讲师"
                    options={options(lookups?.lecturers)}
                    loading={lookupsLoading}
                    disabled={lockLecturer}
                    showSearch={{ optionFilterProp: 'label' }}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="subjectId" label="学科 / 分类" rules={[{ required: true, message: '请选择学科' }]}>
                  <Select placeholder="选择学科" options={options(lookups?.subjects)} loading={lookupsLoading} showSearch={{ optionFilterProp: 'label' }} />
                </Form.Item>
              </Col>
            </Row>
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item name="level" label="难度">
                  <Radio.Group options={LEVEL_OPTIONS} optionType="button" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="courseType" label="课程类型">
                  <Select options={COURSE_TYPE_OPTIONS} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="mediaType" label="媒体类型">
                  <Radio.Group options={MEDIA_TYPE_OPTIONS} optionType="button" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="tagIds" label="标签" rules={[{ type: 'array', max: 20, message: '最多 20 个标签' }]} style={{ marginBottom: 0 }}>
              <Select mode="multiple" placeholder="选择标签" options={options(lookups?.tags)} loading={lookupsLoading} showSearch={{ optionFilterProp: 'label' }} allowClear />
            </Form.Item>
          </Card>

          <Card title="价格与活动">
            <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
              金额以元为单位，最多两位小数；售价为 0 即免费课程。按章节售卖时，在下方章节里设置每章价格。
            </Typography.Paragraph>
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item name="price" label="售价（元）" rules={[{ required: true, message: '请填写售价，免费课程填 0' }, priceRule]}>
                  <PriceInput placeholder="0.00" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="originalPrice" label="划线价（元）" tooltip="显示为被划掉的原价；0 表示不显示" rules={[priceRule]}>
                  <PriceInput placeholder="0.00" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="vipPrice"
                  label="会员价（元）"
                  tooltip="会员购买的价格；留空表示没有会员价，0 表示会员免费"
                  dependencies={['price']}
                  rules={[
                    priceRule,
                    ({ getFieldValue }) => ({
                      validator: (_, v: number | null) => {
                        const price = getFieldValue('price') as number | null;
                        if (v !== null && v !== undefined && typeof price === 'number' && v > price) {
                          return Promise.reject(new Error('会员价不能高于售价'));
                        }
                        return Promise.resolve();
                      },
                    }),
                  ]}
                >
                  <PriceInput placeholder="无会员价" />
                </Form.Item>
              </Col>
            </Row>
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item name="activityType" label="营销活动">
                  <Select options={ACTIVITY_OPTIONS} />
                </Form.Item>
              </Col>
              {activityType === EARLY_BIRD && (
                <Col xs={24} md={8}>
                  <Form.Item
                    name="birdPrice"
                    label="早鸟价（元）"
                    tooltip="报名时间内按早鸟价购买"
                    dependencies={['price', 'activityType']}
                    rules={[
                      priceRule,
                      ({ getFieldValue }) => ({
                        validator: (_, v: number | null) => {
                          if (getFieldValue('activityType') !== EARLY_BIRD) return Promise.resolve();
                          if (v === null || v === undefined) return Promise.reject(new Error('早鸟活动需要填写早鸟价'));
                          const price = getFieldValue('price') as number | null;
                          if (typeof price === 'number' && v > price) return Promise.reject(new Error('早鸟价不能高于售价'));
                          return Promise.resolve();
                        },
                      }),
                    ]}
                  >
                    <PriceInput placeholder="0.00" />
                  </Form.Item>
                </Col>
              )}
              <Col xs={24} md={activityType === EARLY_BIRD ? 8 : 16}>
                <Form.Item
                  name="enrollWindow"
                  label={activityType === EARLY_BIRD ? '早鸟 / 报名时间' : '报名时间'}
                  tooltip="只在这段时间内可以购买；任一端留空表示不限"
                  rules={[
                    {
                      validator: (_: unknown, v: CourseFormValues['enrollWindow']) => {
                        if (v && v[0] && v[1] && !v[0].isBefore(v[1])) return Promise.reject(new Error('结束时间应晚于开始时间'));
                        return Promise.resolve();
                      },
                    },
                  ]}
                >
                  <DatePicker.RangePicker
                    showTime={{ format: 'HH:mm' }}
                    format="YYYY-MM-DD HH:mm"
                    allowEmpty={[true, true]}
                    placeholder={['开始（不限）', '结束（不限）']}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
            </Row>
          </Card>

          <Card
            title="课程简介"
            extra={
              <Segmented
                size="small"
                aria-label="简介编辑或预览"
                value={descMode}
                onChange={(v) => setDescMode(v as 'edit' | 'preview')}
                options={[
                  { value: 'edit', label: '编辑' },
                  { value: 'preview', label: '预览' },
                ]}
              />
            }
          >
            <Form.Item
              name="description"
              label="简介（支持 HTML）"
              extra="可使用 <p>、<h3>、<strong>、<img> 等标签；保存时服务器会去掉脚本等不安全内容。"
              rules={[{ max: 100_000, message: '简介太长（最多 100,000 个字符）' }]}
              hidden={descMode === 'preview'}
              style={{ marginBottom: 0 }}
            >
              <Input.TextArea autoSize={{ minRows: 8, maxRows: 24 }} placeholder="<p>课程介绍……</p>" className="course-description-input" />
            </Form.Item>
            {descMode === 'preview' && (
              // sandbox="" runs no script and reaches nothing: the raw text is shown before the server cleans it.
              <iframe
                title="简介预览"
                sandbox=""
                srcDoc={`<!doctype html><meta charset="utf-8"><style>body{font:14px/1.7 -apple-system,'PingFang SC','Microsoft YaHei',sans-serif;color:#262626;margin:12px;max-width:390px}img{max-width:100%}</style>${description ?? ''}`}
                className="course-description-preview"
              />
            )}
          </Card>
        </Flex>
      </Col>

      <Col xs={24} xl={8}>
        <Flex vertical gap={16}>
          <Card title="上架与排序">
            {shelfSlot}
            <Form.Item name="publishedAt" label="发布时间" tooltip="学员端“最新”排序按它排列；留空则保存时由服务器填写">
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="sort" label="推荐排序" tooltip="数字越大越靠前" rules={[{ type: 'integer', min: -1_000_000, max: 1_000_000, message: '请输入 -1000000 到 1000000 的整数' }]}>
              <InputNumber<number> precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="homeListType" label="首页专区" style={{ marginBottom: 0 }}>
              <Select options={HOME_LIST_OPTIONS} allowClear placeholder="不在首页专区展示" />
            </Form.Item>
          </Card>

          <Card title="权益与可见性">
            <Form.Item name="memberFree" valuePropName="checked" label="会员免费学习" extra={membersHint(lookups)}>
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
            <Form.Item name="appOnly" valuePropName="checked" label="仅限 App 播放" extra="开启后 H5 只展示课程，播放时引导学员打开 App">
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
            <Form.Item
              name="needsVerifiedProfile"
              valuePropName="checked"
              label="需要完善资料后学习"
              extra="学员的资料审核通过后才能学习"
              style={{ marginBottom: 0 }}
            >
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
          </Card>
        </Flex>
      </Col>
    </Row>
  );
}

function membersHint(lookups: AdminLookups | undefined): string {
  const names = (lookups?.membershipPlans ?? []).map((p) => p.name);
  return names.length ? `开通会员（${names[0]}${names.length > 1 ? ' 等' : ''}）的学员可免费学习` : '基础会员及以上可免费学习';
}
